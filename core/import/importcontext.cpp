#include "core/import/importcontext.h"

#include "core/model/utf8.h"

namespace rs::import {

void RowEmitter::flush() {
    if (m_batch->rows() == 0 && m_batch->tracks.empty() && m_batch->steps.empty() &&
        m_batch->breakdowns.empty() && m_batch->commOps.empty() && m_batch->commGroups.empty() &&
        m_batch->commSources.empty() && m_batch->diagnostics.empty() && m_batch->ranks.empty() &&
        m_batch->files.empty())
        return;
    m_to->push(std::move(m_batch)); // refused once the queue is closed (the build stops): dropped
    m_batch = std::make_unique<model::Batch>();
    m_batch->group = m_group;
}

void RowEmitter::diag(const std::string& file, const std::string& severity, const std::string& what,
                      int64_t offset, std::string_view excerpt) {
    auto key = std::make_pair(file, what);
    auto it = m_diags.find(key);
    if (it != m_diags.end()) {
        ++it->second.count;
        return;
    }
    model::DiagnosticRow d;
    d.file = file;
    d.severity = severity;
    d.what = what;
    d.firstOffset = offset;
    d.excerpt = model::utf8Excerpt(excerpt, 160); // never split a character: the text goes into JSON
    m_diags.emplace(key, std::move(d));
}

void RowEmitter::flushDiagnostics() {
    for (auto& [k, d] : m_diags)
        m_batch->diagnostics.push_back(std::move(d));
    m_diags.clear();
}

} // namespace rs::import
