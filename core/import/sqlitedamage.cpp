#include "core/import/sqlitedamage.h"

#include "core/index/sqlite.h"

#include <sqlite3.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>

namespace rs::import {

namespace {
uint32_t be(const unsigned char* p, int n) {
    uint32_t v = 0;
    for (int i = 0; i < n; ++i)
        v = (v << 8) | p[i];
    return v;
}

// The first "page N" in quick_check's first message (its wording varies by SQLite version: "Page 7: …",
// "Tree 3 page 7 cell 0: …"), or 0.
int64_t firstPageNamed(const std::string& msg) {
    for (size_t i = msg.find_first_of("pP"); i != std::string::npos; i = msg.find_first_of("pP", i + 1)) {
        if (msg.compare(i + 1, 4, "age ") != 0) continue;
        size_t j = i + 5;
        int64_t n = 0;
        while (j < msg.size() && std::isdigit(uint8_t(msg[j])) && n < (int64_t(1) << 40))
            n = n * 10 + (msg[j++] - '0');
        if (n > 0) return n;
    }
    return 0;
}

std::string quickCheck(const std::string& path, uint32_t pageSize) {
    sqlite3* db = nullptr;
    std::string uri = index::sqliteFileUri(path) + "?mode=ro&immutable=1";
    if (sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return {};
    }
    sqlite3_exec(db, "PRAGMA trusted_schema=OFF", nullptr, nullptr, nullptr);
    // bounded: quick_check is linear in the file, but a hostile file must not keep us here
    struct Budget {
        int calls = 0;
    } budget;
    sqlite3_progress_handler(
        db, 10000, [](void* p) { return ++static_cast<Budget*>(p)->calls > 20000 ? 1 : 0; }, &budget);
    std::string first;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, nullptr) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char* t = sqlite3_column_text(st, 0);
        first = t ? reinterpret_cast<const char*>(t) : "";
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (first.empty() || first == "ok") return {};
    if (int64_t page = firstPageNamed(first); page > 0)
        return "damage near byte " + std::to_string((page - 1) * int64_t(pageSize)) + " (page " +
               std::to_string(page) + " of " + std::to_string(pageSize) + " bytes)";
    return {};
}
} // namespace

std::string describeSqliteDamage(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    unsigned char h[100] = {};
    in.read(reinterpret_cast<char*>(h), sizeof h);
    const auto got = in.gcount();
    std::error_code ec;
    const auto size = int64_t(std::filesystem::file_size(path, ec));
    if (ec) return {};
    if (got < 100)
        return "the file ends at byte " + std::to_string(size) + ", inside the 100-byte SQLite header";
    if (std::string(reinterpret_cast<char*>(h), 16) != std::string("SQLite format 3\0", 16))
        return "no SQLite header at byte 0";
    uint32_t pageSize = be(h + 16, 2);
    if (pageSize == 1) pageSize = 65536;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        return "bad page size " + std::to_string(pageSize) + " at byte 16";
    const int64_t pages = be(h + 28, 4);
    const int64_t expected = pages * int64_t(pageSize);
    // the header's page count is valid only when the change counter matches (bytes 24 and 92)
    if (be(h + 24, 4) == be(h + 92, 4) && pages > 0 && size < expected)
        return "the file ends at byte " + std::to_string(size) + ", but its header says " +
               std::to_string(expected) + " bytes (" + std::to_string(pages) + " pages of " +
               std::to_string(pageSize) + ")";
    if (size % pageSize != 0)
        return "the file ends at byte " + std::to_string(size) + ", inside a page (pages of " +
               std::to_string(pageSize) + " bytes)";
    return quickCheck(path, pageSize);
}

} // namespace rs::import
