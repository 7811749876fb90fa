#include "core/import/producerdb.h"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace rs::import {

namespace fs = std::filesystem;

namespace {

uintmax_t walSize(const std::string& path) {
    std::error_code ec;
    uintmax_t n = fs::file_size(path + "-wal", ec);
    return ec ? 0 : n;
}

} // namespace

ProducerDb::ProducerDb(const std::string& path) {
    uintmax_t wal = walSize(path);
    m_db = wal > 0 ? openCopy(path, wal) : index::Db::openImmutable(path);
}

ProducerDb::~ProducerDb() {
    m_db = index::Db(); // close before the copy's files go
    if (!m_copyDir.empty()) {
        std::error_code ec;
        fs::remove_all(m_copyDir, ec);
    }
}

index::Db ProducerDb::openCopy(const std::string& path, uintmax_t walBytes) {
    std::string tmpl = (fs::temp_directory_path() / "rankscope-db-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error(path + ": cannot make a private copy (" + tmpl + ")");
    m_copyDir = tmpl;
    fs::path copy = m_copyDir / fs::path(path).filename();
    std::error_code ec;
    fs::copy_file(path, copy, ec);
    if (!ec) fs::copy_file(path + "-wal", copy.string() + "-wal", ec);
    if (ec) throw std::runtime_error(path + ": cannot make a private copy: " + ec.message());
    m_note = "its write-ahead log (" + fs::path(path).filename().string() + "-wal, " +
             std::to_string(walBytes) +
             " bytes) was not merged by the program that wrote it: read from a private copy, so nothing is "
             "written beside the file";
    try {
        return index::Db(copy.string(), true);
    } catch (const index::SqlError& e) {
        std::string what = e.what();
        if (what.rfind(copy.string(), 0) == 0) what = path + what.substr(copy.string().size());
        throw index::SqlError(what);
    }
}

} // namespace rs::import
