#pragma once
// Cuts a Chrome-trace JSON stream into one event object at a time, without building a document:
// works on chunks with arbitrary boundaries, for a bare array `[ {...}, ... ]` or an object whose
// `traceEvents` member holds the array. Accepts what crashed profilers leave behind (an unterminated
// array, a trailing comma). Other top-level members are kept as raw text (up to 1 MiB each) in meta().
// One thread.
#include "core/io/bytesource.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace rs::formats {

/// The largest single value (an event object, a metadata member) the splitter buffers; a larger one is
/// scanned through without being kept, so memory stays bounded whatever the file holds.
constexpr size_t kMaxValueBytes = size_t(64) << 20;

class JsonEventSplitter {
  public:
    enum class Container { Unknown, Array, Object };
    enum class Status { Event, End, Error };

    explicit JsonEventSplitter(io::ByteSource& src);

    /// Next event. On Status::Event, `event` holds the object's text (valid until the next call) and
    /// `offset` its decompressed byte offset. Status::End at a clean (or tolerated) end; Status::Error
    /// for fatal problems: error() names the byte offset.
    Status next(std::string_view& event, int64_t& offset);

    Container container() const { return m_container; }
    /// Top-level members other than traceEvents seen so far (raw JSON text).
    const std::map<std::string, std::string>& meta() const { return m_meta; }
    const std::string& error() const { return m_error; }
    /// Elements of the event array that were not objects (skipped).
    int64_t skippedNonObjects() const { return m_skipped; }
    /// Values larger than kMaxValueBytes (one event, one metadata member) are skipped, not buffered.
    int64_t oversized() const { return m_oversized; }
    /// True when the array ended without ']' (tolerated, but worth a diagnostic).
    bool unterminated() const { return m_unterminated; }
    /// True once the event array began (a bare array, or an object's `traceEvents` array). An object
    /// whose `traceEvents` is anything but an array is Status::Error (naming its type and offset).
    bool sawEventArray() const { return m_sawEventArray; }
    int64_t bytesConsumed() const { return m_base + int64_t(m_pos); }
    /// Events cut short because text outside any string could not be JSON (an unbalanced quote, stray
    /// bytes): each is returned as an Event holding the text up to the damage (it fails to parse, so the
    /// importer reports it), and scanning resumes at the next `}`,`{` boundary instead of dropping the
    /// rest of the file. resyncSkipped() counts the bytes passed over to get there.
    /// After Status::End: reads the input to its end, so a compressed file's trailer (gzip CRC and size,
    /// zstd checksum) is checked and text after the closing bracket is noticed. Returns an empty string
    /// when the rest is only whitespace, else the problem with its byte offset.
    std::string checkRest();
    int64_t resyncs() const { return m_resyncs; }
    int64_t resyncSkipped() const { return m_resyncSkipped; }

  private:
    bool more();
    bool skipWs();
    bool scanValueEnd(size_t start, size_t& end);
    Status fail(const std::string& what);
    Status objectMembers(std::string_view& event, int64_t& offset);
    Status arrayElement(std::string_view& event, int64_t& offset);

    io::ByteSource& m_src;
    std::string m_buf;
    size_t m_pos = 0;
    int64_t m_base = 0; // absolute offset of m_buf[0]
    bool m_eof = false;
    bool m_inArray = false;
    bool m_arrayDone = false;
    bool m_unterminated = false;
    bool m_started = false;
    bool m_sawEventArray = false;
    Container m_container = Container::Unknown;
    std::map<std::string, std::string> m_meta;
    std::string m_error;
    int64_t m_skipped = 0;
    int64_t m_oversized = 0;
    bool m_lastOversized = false; ///< the value scanValueEnd just found was too large to keep
    bool m_lastMalformed = false; ///< ... or ended at text that cannot be JSON (end = where)
    bool m_pendingResync = false;
    int64_t m_resyncs = 0;
    int64_t m_resyncSkipped = 0;
    void resyncToNextObject();
    /// Drops the consumed buffer in front of `keep` (a position in m_buf); returns how far it moved.
    size_t compactBefore(size_t keep);
};

} // namespace rs::formats
