#pragma once
// Streaming CSV reader: RFC-4180 quoting ("" escapes, quoted fields spanning lines), LF or CRLF line
// endings mixed in one file, a UTF-8 BOM, and no whole-file buffering. Columns are found by header
// name, never by position, because column sets drift between profiler versions. One thread.
#include "core/io/bytesource.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace rs::io {

/// The longest record kept; a longer one is read through and handed out as an empty record.
constexpr int64_t kMaxRecordBytes = int64_t(64) << 20;

class CsvReader {
  public:
    explicit CsvReader(ByteSource& src);

    /// Reads the next record. Returns false at the end of input or on a read error (see error()).
    /// Blank lines are skipped.
    bool next();
    const std::vector<std::string>& fields() const { return m_fields; }
    /// 1-based line number where the current record starts.
    int64_t line() const { return m_recordLine; }
    /// Byte offset (decompressed) where the current record starts.
    int64_t offset() const { return m_recordOffset; }
    const std::string& error() const { return m_error; }
    /// True when the last record ended inside an open quote (truncated file).
    bool unterminatedQuote() const { return m_unterminated; }
    /// Producers end every row with a line break, so a last row without one was cut short (a killed job):
    /// with this set, such a row is not returned (next() ends) and droppedTail() says so.
    void setDropUnendedTail(bool on) { m_dropTail = on; }
    bool droppedTail() const { return m_droppedTail; }
    /// The first record (the header) ended at the end of the input without a line break: a file cut
    /// inside its header (it is returned, so the columns can still be checked; with drop-unended-tail set
    /// the caller should say the file was cut).
    bool headerUnended() const { return m_headerUnended; }
    /// Records longer than kMaxRecordBytes (handed out empty).
    int64_t oversizedRecords() const { return m_oversizedCount; }
    int64_t droppedTailLine() const { return m_droppedLine; }

  private:
    bool fill();
    void publish();
    /// Bytes from m_pos up to the next one that ends an ordinary run of the current field.
    size_t plainRun(bool inQuotes) const;
    ByteSource& m_src;
    std::string m_buf;
    size_t m_pos = 0;
    bool m_eof = false;
    bool m_first = true;
    bool m_unterminated = false;
    bool m_dropTail = false, m_droppedTail = false, m_headerUnended = false;
    int64_t m_recordBytes = 0, m_oversizedCount = 0;
    bool m_oversizedRecord = false;
    int64_t m_droppedLine = 0;
    int64_t m_line = 1, m_recordLine = 1;
    int64_t m_consumed = 0, m_recordOffset = 0;
    std::vector<std::string> m_fields; // the current record
    std::vector<std::string> m_store;  // cells being filled (buffers reused across records)
    size_t m_count = 0;                // cells of the current record
    int64_t m_records = 0;             // records handed out
    std::string m_error;
};

/// Maps header names to column indexes; lookups take several spellings (e.g. "Step Id", "Step ID").
class CsvHeader {
  public:
    CsvHeader() = default;
    explicit CsvHeader(const std::vector<std::string>& names);
    /// Index of the first name present (case-insensitive, trimmed), or -1.
    int find(std::initializer_list<std::string_view> names) const;
    int size() const { return int(m_names.size()); }
    const std::vector<std::string>& names() const { return m_names; }
    /// The names joined with ',' (for diagnostics).
    std::string joined() const {
        std::string s;
        for (const auto& n : m_names)
            s += (s.empty() ? "" : ",") + n;
        return s;
    }

  private:
    std::vector<std::string> m_names;
};

/// Field `i` of `row` trimmed of whitespace/tab suffixes, or empty when i is -1 or out of range.
std::string_view cell(const std::vector<std::string>& row, int i);

} // namespace rs::io
