#pragma once
// Where a damaged SQLite file (an Ascend profiler .db copied off a failing node, cut by a killed job) is
// damaged, in bytes, so a failed import's message can say more than SQLite's "database disk image is
// malformed": a wrong magic, a file shorter than its header's page count says, or the first page that
// PRAGMA quick_check names. Reads the file read-only; any thread.
#include <string>

namespace rs::import {

/// A short phrase naming the damage and its byte offset ("the file ends at byte 425984, but its header
/// says 856064 bytes (209 pages of 4096)"), or empty when nothing more can be said.
std::string describeSqliteDamage(const std::string& path);

} // namespace rs::import
