#include "core/index/cancelguard.h"

#include "core/index/sqlite.h"

#include <sqlite3.h>

namespace rs::index {

CancelGuard::CancelGuard(Db& db, const std::atomic<bool>* cancel) : m_db(db) {
    if (!cancel) return;
    // about a millisecond of work between checks: the check is one atomic load
    sqlite3_progress_handler(db.raw(), 4096, &CancelGuard::onProgress,
                             const_cast<void*>(static_cast<const void*>(cancel)));
    m_installed = true;
}

CancelGuard::~CancelGuard() {
    if (m_installed) sqlite3_progress_handler(m_db.raw(), 0, nullptr, nullptr);
}

int CancelGuard::onProgress(void* flag) {
    return static_cast<const std::atomic<bool>*>(flag)->load(std::memory_order_relaxed) ? 1 : 0;
}

} // namespace rs::index
