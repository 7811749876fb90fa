#pragma once
// A page of a user query's result rows, stored compactly: every cell's text in one buffer with its end
// offset, and which cells are NULL — a grid paging through a large result holds its rows at little more
// than their text. Value type; built on the console's worker thread, read on the GUI thread.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rs::query {

class ResultPage {
  public:
    explicit ResultPage(int columns = 0) : m_columns(columns) {}
    int columns() const { return m_columns; }
    int64_t rows() const { return m_columns > 0 ? int64_t(m_ends.size()) / m_columns : 0; }
    /// Appends one row (values.size() == columns()).
    void addRow(const std::vector<std::string>& values, const std::vector<bool>& isNull);
    std::string_view cell(int64_t row, int column) const;
    bool isNull(int64_t row, int column) const { return m_nulls[size_t(row * m_columns + column)]; }
    /// Bytes of cell text held.
    size_t textBytes() const { return m_text.size(); }

  private:
    int m_columns;
    std::string m_text;
    std::vector<uint64_t> m_ends; ///< end of each cell in m_text, row-major
    std::vector<bool> m_nulls;
};

} // namespace rs::query
