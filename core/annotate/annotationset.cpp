#include "core/annotate/annotationset.h"

#include "core/model/jsonparse.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <pwd.h>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace rs::annotate {

std::string annotationsPath(const std::string& dbPath) {
    fs::path p(dbPath);
    if (p.filename() == "index.sqlite") return (p.parent_path() / "annotations.json").string();
    return (p.parent_path() / (p.stem().string() + ".annotations.json")).string();
}

std::string utcNow() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string currentAuthor() {
    for (const char* v : {"RANKSCOPE_AUTHOR", "USER", "LOGNAME"})
        if (const char* s = std::getenv(v); s && *s) return s;
    // containers, cron and CI jobs often set none of them (walk 56: the report said "unknown"); the account
    // the process runs as is who wrote it
    passwd entry{};
    passwd* found = nullptr;
    std::vector<char> buf(16384);
    if (getpwuid_r(getuid(), &entry, buf.data(), buf.size(), &found) == 0 && found && found->pw_name &&
        *found->pw_name)
        return found->pw_name;
    return "unknown";
}

namespace {
/// N of an id "aN" (0 for any other form).
int idNumber(const std::string& id) {
    if (id.size() < 2 || id.size() > 9 || id[0] != 'a') return 0;
    return std::atoi(id.c_str() + 1);
}
} // namespace

bool AnnotationSet::load(const std::string& path, std::string& error) {
    m_items.clear();
    m_nextId = 1;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (!fs::exists(path)) return true; // no annotations yet
        error = path + ": cannot be read";
        return false;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    nlohmann::json doc;
    if (auto failure = model::parseJson(ss.str(), doc)) {
        error = path + ": not valid JSON at byte " + std::to_string(failure->byte) +
                " (the file is kept as it is)";
        return false;
    }
    auto list = doc.find("annotations");
    if (!doc.is_object() || list == doc.end() || !list->is_array()) {
        error = path + ": no \"annotations\" list (the file is kept as it is)";
        return false;
    }
    const auto format = doc.find("format");
    if (format != doc.end() && !format->is_number_integer()) {
        error = path + ": \"format\" is not a number (the file is kept as it is)";
        return false;
    }
    if (format != doc.end() && format->get<int64_t>() > kAnnotationsFormat) {
        error =
            path + ": written by a newer Rankscope (format " + std::to_string(format->get<int64_t>()) + ")";
        return false;
    }
    std::vector<Annotation> items;
    for (size_t i = 0; i < list->size(); ++i) {
        std::string why;
        auto a = annotationFromJson((*list)[i], why);
        if (!a) {
            error = path + ": entry " + std::to_string(i + 1) + ": " + why + " (the file is kept as it is)";
            return false;
        }
        items.push_back(*a);
    }
    m_items = std::move(items);
    const auto next = doc.find("next_id");
    m_nextId = next != doc.end() && next->is_number_integer()
                   ? int(std::clamp<int64_t>(next->get<int64_t>(), 1, 1 << 30))
                   : 1;
    for (const auto& a : m_items) // never reuse an id, even when next_id was edited away
        m_nextId = std::max(m_nextId, idNumber(a.id) + 1);
    return true;
}

bool AnnotationSet::save(const std::string& path, std::string& error) const {
    nlohmann::json list = nlohmann::json::array();
    int format = 1;
    for (const auto& a : m_items) {
        list.push_back(toJson(a));
        if (hasRankedLanes(a)) format = kAnnotationsFormat;
    }
    nlohmann::json doc = {{"format", format}, {"next_id", m_nextId}, {"annotations", list}};
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    const std::string tmp = path + ".tmp-" + std::to_string(getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        out.flush();
        if (!out) {
            out.close();
            fs::remove(tmp, ec);
            error = path + ": cannot be written";
            return false;
        }
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        fs::remove(tmp, ec);
        error = path + ": cannot be written (" + ec.message() + ")";
        return false;
    }
    return true;
}

const Annotation* AnnotationSet::find(const std::string& id) const {
    for (const auto& a : m_items)
        if (a.id == id) return &a;
    return nullptr;
}

std::string AnnotationSet::add(Annotation a) {
    if (a.id.empty() || find(a.id)) a.id = "a" + std::to_string(m_nextId++);
    // an id given by the caller (the undo stack's stamped copy) is never handed out again
    m_nextId = std::max(m_nextId, idNumber(a.id) + 1);
    if (a.created.empty()) a.created = utcNow();
    if (a.author.empty()) a.author = currentAuthor();
    m_items.push_back(a);
    return a.id;
}

void AnnotationSet::insert(const Annotation& a, size_t position) {
    if (find(a.id)) return;
    m_items.insert(m_items.begin() + std::ptrdiff_t(std::min(position, m_items.size())), a);
}

bool AnnotationSet::replace(const Annotation& a) {
    for (auto& x : m_items)
        if (x.id == a.id) {
            x = a;
            return true;
        }
    return false;
}

int AnnotationSet::remove(const std::string& id) {
    for (size_t i = 0; i < m_items.size(); ++i)
        if (m_items[i].id == id) {
            m_items.erase(m_items.begin() + std::ptrdiff_t(i));
            return int(i);
        }
    return -1;
}

} // namespace rs::annotate
