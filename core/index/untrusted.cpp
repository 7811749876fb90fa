#include "core/index/untrusted.h"

#include <sqlite3.h>

namespace rs::index {

UntrustedGuard::UntrustedGuard(sqlite3* db, std::chrono::milliseconds budget, const std::atomic<bool>* cancel)
    : m_db(db), m_deadline(std::chrono::steady_clock::now() + budget), m_hasDeadline(budget.count() > 0),
      m_cancel(cancel) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr); // schema functions: innocuous only
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0,
                      nullptr); // fts3_tokenizer() leaks pointers
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, kMaxValueBytes);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, kMaxSqlBytes);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_progress_handler(db, 10000, &UntrustedGuard::onProgress, this);
}

void UntrustedGuard::restartBudget(std::chrono::milliseconds budget) {
    m_deadline = std::chrono::steady_clock::now() + budget;
    m_hasDeadline = budget.count() > 0;
    m_timedOut = false;
}

UntrustedGuard::~UntrustedGuard() {
    sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
}

int UntrustedGuard::onProgress(void* p) {
    auto* self = static_cast<UntrustedGuard*>(p);
    if (self->m_cancel && self->m_cancel->load()) return 1;
    if (self->m_hasDeadline && std::chrono::steady_clock::now() > self->m_deadline) {
        self->m_timedOut = true;
        return 1;
    }
    return 0;
}

} // namespace rs::index
