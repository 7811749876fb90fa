#include "core/query/resultpage.h"

namespace rs::query {

void ResultPage::addRow(const std::vector<std::string>& values, const std::vector<bool>& isNull) {
    for (size_t i = 0; i < size_t(m_columns); ++i) {
        if (i < values.size()) m_text += values[i];
        m_ends.push_back(m_text.size());
        m_nulls.push_back(i < isNull.size() && isNull[i]);
    }
}

std::string_view ResultPage::cell(int64_t row, int column) const {
    const size_t i = size_t(row * m_columns + column);
    const size_t begin = i == 0 ? 0 : size_t(m_ends[i - 1]);
    return std::string_view(m_text).substr(begin, size_t(m_ends[i]) - begin);
}

} // namespace rs::query
