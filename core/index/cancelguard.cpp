#include "core/index/cancelguard.h"

#include "core/index/sqlite.h"

#include <sqlite3.h>

namespace rs::index {

CancelGuard::CancelGuard(Db& db, const std::atomic<bool>* cancel, const std::atomic<bool>* alsoStop)
    : m_db(db), m_cancel(cancel), m_alsoStop(alsoStop) {
    if (!cancel && !alsoStop) return;
    // about a millisecond of work between checks: the check is an atomic load or two
    sqlite3_progress_handler(db.raw(), 4096, &CancelGuard::onProgress, this);
    m_installed = true;
}

CancelGuard::~CancelGuard() {
    if (m_installed) sqlite3_progress_handler(m_db.raw(), 0, nullptr, nullptr);
}

int CancelGuard::onProgress(void* guard) {
    const auto* g = static_cast<const CancelGuard*>(guard);
    auto set = [](const std::atomic<bool>* f) { return f && f->load(std::memory_order_relaxed); };
    return set(g->m_cancel) || set(g->m_alsoStop) ? 1 : 0;
}

} // namespace rs::index
