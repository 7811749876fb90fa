#include "core/index/diagnosticsink.h"

namespace rs::index {

DiagnosticSink::DiagnosticSink(Db& db)
    : m_insert(db.prepare("INSERT INTO diagnostic(file, severity, what, count, first_offset, excerpt) "
                          "VALUES(?,?,?,?,?,?)")) {}

void DiagnosticSink::add(const model::DiagnosticRow& d) {
    m_insert.bind(1, d.file)
        .bind(2, d.severity)
        .bind(3, d.what)
        .bind(4, d.count)
        .bind(5, d.firstOffset)
        .bind(6, d.excerpt)
        .exec();
}

void DiagnosticSink::add(const std::string& file, const std::string& severity, const std::string& what,
                         int64_t count, const std::string& excerpt) {
    add(model::DiagnosticRow{file, severity, what, count, -1, excerpt});
}

} // namespace rs::index
