#pragma once
// A profiler's own SQLite file (Ascend .db exports, analysis.db), opened so that nothing is ever written into
// the profile's folder — not even the -shm/-wal files SQLite makes for a WAL database, which an ordinary
// read-only open creates beside the file when the folder is writable (and fails on when it is not).
// A file with no write-ahead log to merge opens in SQLite's immutable mode; one whose -wal still holds
// pages (its producer did not close it) is read from a private copy in the temp directory, removed again
// when this object dies. One thread, like index::Db.
#include "core/index/sqlite.h"

#include <filesystem>
#include <string>

namespace rs::import {

class ProducerDb {
  public:
    /// Throws index::SqlError (naming `path`) when the file cannot be opened, or std::runtime_error when the
    /// private copy cannot be made.
    explicit ProducerDb(const std::string& path);
    ~ProducerDb();
    ProducerDb(const ProducerDb&) = delete;
    ProducerDb& operator=(const ProducerDb&) = delete;

    index::Db& db() { return m_db; }
    /// Non-empty when the file was read from a private copy: says why, for the diagnostics.
    const std::string& note() const { return m_note; }

  private:
    index::Db openCopy(const std::string& path, uintmax_t walBytes);

    std::filesystem::path m_copyDir;
    std::string m_note;
    index::Db m_db;
};

} // namespace rs::import
