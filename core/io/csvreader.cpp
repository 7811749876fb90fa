#include "core/io/csvreader.h"

#include "core/model/decimal.h"

#include <algorithm>
#include <cctype>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rs::io {

CsvReader::CsvReader(ByteSource& src) : m_src(src) {
    m_buf.reserve(256 * 1024);
}

bool CsvReader::fill() {
    if (m_eof) return false;
    if (m_pos > 0) {
        m_buf.erase(0, m_pos);
        m_pos = 0;
    }
    size_t old = m_buf.size();
    m_buf.resize(old + 128 * 1024);
    int64_t n = m_src.read(m_buf.data() + old, 128 * 1024);
    if (n < 0) {
        m_error = m_src.error();
        m_buf.resize(old);
        m_eof = true;
        return false;
    }
    m_buf.resize(old + size_t(n));
    if (n == 0) m_eof = true;
    return n > 0;
}

bool CsvReader::next() {
    m_count = 0;
    for (;;) {
        // Skip blank lines between records.
        for (;;) {
            if (m_pos >= m_buf.size() && !fill()) return false;
            char c = m_buf[m_pos];
            if (c == '\n') {
                ++m_pos, ++m_consumed, ++m_line;
            } else if (c == '\r') {
                ++m_pos, ++m_consumed;
            } else {
                break;
            }
        }
        if (m_first) {
            m_first = false;
            while (m_buf.size() - m_pos < 3 && fill()) {
            }
            if (m_buf.compare(m_pos, 3, "\xEF\xBB\xBF") == 0) {
                m_pos += 3, m_consumed += 3;
                continue;
            }
        }
        break;
    }
    m_recordLine = m_line;
    m_recordOffset = m_consumed;
    // Fields are written into the strings of the previous record, so their buffers are reused instead
    // of allocated per cell (kernel_details has ~25 cells a row).
    auto field = [&]() -> std::string& {
        if (m_count == m_store.size()) m_store.emplace_back();
        return m_store[m_count];
    };
    field().clear();
    bool inQuotes = false, wasQuoted = false;
    m_recordBytes = 0;
    m_oversizedRecord = false;
    // past kMaxRecordBytes nothing more of the record is kept (memory stays bounded on a single huge line);
    // the record is then handed out empty and counted
    auto keep = [&](char ch) {
        if (++m_recordBytes > kMaxRecordBytes) {
            m_oversizedRecord = true;
            return;
        }
        field().push_back(ch);
    };
    for (;;) {
        if (m_pos >= m_buf.size() && !fill()) {
            if (inQuotes) m_unterminated = true;
            if (m_dropTail && m_records > 0 && m_error.empty()) {
                m_droppedTail = true;
                m_droppedLine = m_recordLine;
                return false;
            }
            if (m_records == 0) m_headerUnended = true;
            ++m_count;
            publish();
            return true;
        }
        // Ordinary bytes go in one append per run, not one push_back each (the per-byte loop was most of
        // reading kernel_details); quotes, commas and line breaks take the byte-by-byte path below, as do
        // the bytes past kMaxRecordBytes. A run is cut at that bound rather than left whole to the byte path:
        // left whole, every byte of a 100 MB field rescanned the rest of its buffer (tst_robustness's
        // 100 MB CSV row ran past 5 minutes).
        if (m_recordBytes < kMaxRecordBytes) {
            const size_t n = std::min(plainRun(inQuotes), size_t(kMaxRecordBytes - m_recordBytes));
            if (n > 0) {
                field().append(m_buf, m_pos, n);
                m_recordBytes += int64_t(n);
                m_pos += n, m_consumed += int64_t(n);
                continue;
            }
        }
        char c = m_buf[m_pos++];
        ++m_consumed;
        if (inQuotes) {
            if (c == '"') {
                if (m_pos >= m_buf.size()) fill();
                if (m_pos < m_buf.size() && m_buf[m_pos] == '"') {
                    keep('"');
                    ++m_pos, ++m_consumed;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n') ++m_line;
                keep(c);
            }
            continue;
        }
        if (c == '"' && (field().empty() || !wasQuoted)) {
            if (field().empty()) {
                inQuotes = true;
                wasQuoted = true;
                continue;
            }
        }
        if (c == ',') {
            if (m_oversizedRecord) continue; // no new cells for a record that is not kept
            ++m_count;
            field().clear();
            wasQuoted = false;
        } else if (c == '\n') {
            ++m_line;
            std::string& f = field();
            if (!f.empty() && f.back() == '\r') f.pop_back();
            ++m_count;
            publish();
            return true;
        } else {
            keep(c);
        }
    }
}

size_t CsvReader::plainRun(bool inQuotes) const {
    // bytes that end a run: '"' and '\n' always (a quote may close or open, a line break is counted),
    // ',' outside quotes
    const char* const begin = m_buf.data() + m_pos;
    const char* const end = m_buf.data() + m_buf.size();
    const char* p = begin;
#if defined(__SSE2__)
    // sixteen bytes a step (the byte loop below was ~2 % of indexing an Ascend profile, a third of it
    // kernel_details.csv); a comma inside quotes is ordinary, so it is looked for only outside them
    const __m128i quote = _mm_set1_epi8('"'), newline = _mm_set1_epi8('\n');
    const __m128i comma = _mm_set1_epi8(inQuotes ? '"' : ',');
    for (; end - p >= 16; p += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, newline)),
                                         _mm_cmpeq_epi8(v, comma));
        if (const int mask = _mm_movemask_epi8(hit)) return size_t(p - begin) + size_t(__builtin_ctz(mask));
    }
#endif
    if (inQuotes)
        while (p != end && *p != '"' && *p != '\n')
            ++p;
    else
        while (p != end && *p != '"' && *p != ',' && *p != '\n')
            ++p;
    return size_t(p - begin);
}

void CsvReader::publish() {
    ++m_records;
    if (m_oversizedRecord) {
        ++m_oversizedCount;
        m_count = 1;
        m_store[0].clear();
    }
    // fields() exposes exactly this record's cells; swapping keeps every buffer's capacity alive.
    m_fields.resize(m_count);
    for (size_t i = 0; i < m_count; ++i)
        m_fields[i].swap(m_store[i]); // m_store's cells are cleared before reuse
}

CsvHeader::CsvHeader(const std::vector<std::string>& names) {
    for (const auto& n : names) {
        std::string t(model::trimCell(n));
        std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::tolower(c); });
        m_names.push_back(std::move(t));
    }
}

int CsvHeader::find(std::initializer_list<std::string_view> names) const {
    for (auto want : names) {
        std::string w(want);
        std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
        for (size_t i = 0; i < m_names.size(); ++i)
            if (m_names[i] == w) return int(i);
    }
    return -1;
}

std::string_view cell(const std::vector<std::string>& row, int i) {
    if (i < 0 || size_t(i) >= row.size()) return {};
    return model::trimCell(row[size_t(i)]);
}

} // namespace rs::io
