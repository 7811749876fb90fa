#include "core/io/gzipsource.h"

#include <algorithm>
#include <cstring>
#include <isa-l/igzip_lib.h>
#include <vector>

namespace rs::io {
namespace {

constexpr int64_t kInChunk = 128 * 1024;

const char* isalErrorText(int rc) {
    switch (rc) {
    case ISAL_INVALID_BLOCK:
        return "invalid deflate block";
    case ISAL_INVALID_SYMBOL:
        return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK:
        return "invalid back-reference distance";
    case ISAL_INVALID_WRAPPER:
        return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD:
        return "compression method is not deflate";
    case ISAL_INCORRECT_CHECKSUM:
        return "CRC-32 mismatch";
    default:
        return "inflate failed";
    }
}

class IsalGzipSource final : public ByteSource {
  public:
    explicit IsalGzipSource(std::unique_ptr<ByteSource> in) : m_in(std::move(in)), m_buf(kInChunk) {
        startMember();
    }
    int64_t read(char* out, int64_t cap) override {
        if (m_done) return 0;
        const uint32_t want = uint32_t(std::min<int64_t>(cap, INT32_MAX));
        m_s.next_out = reinterpret_cast<uint8_t*>(out);
        m_s.avail_out = want;
        while (m_s.avail_out == want && !m_done) {
            if (m_s.avail_in == 0 && !refill()) return m_error.empty() ? int64_t(want - m_s.avail_out) : -1;
            if (!m_inMember) startMember(); // concatenated gzip members are legal
            const int rc = isal_inflate(&m_s);
            if (rc < 0) {
                m_error = std::string("corrupt gzip stream: ") + isalErrorText(rc);
                return -1;
            }
            if (m_s.block_state == ISAL_BLOCK_FINISH) m_inMember = false;
        }
        return int64_t(want - m_s.avail_out);
    }
    int64_t rawBytesRead() const override { return m_in->rawBytesRead() - int64_t(m_s.avail_in); }

  private:
    void startMember() {
        // the bytes after the member just finished: those its bit buffer read ahead, then the chunk's rest
        const int ahead = m_s.read_in_length > 0 ? m_s.read_in_length / 8 : 0;
        const uint64_t bits = m_s.read_in >> (m_s.read_in_length > 0 ? m_s.read_in_length % 8 : 0);
        std::vector<char> rest;
        rest.reserve(size_t(ahead) + m_s.avail_in);
        for (int i = 0; i < ahead; ++i)
            rest.push_back(char((bits >> (8 * i)) & 0xff));
        if (m_s.avail_in) rest.insert(rest.end(), m_s.next_in, m_s.next_in + m_s.avail_in);
        m_carry.swap(rest);
        uint8_t* const out = m_s.next_out; // init clears the caller's output buffer too
        const uint32_t room = m_s.avail_out;
        isal_inflate_init(&m_s);
        m_s.crc_flag = ISAL_GZIP; // parse each member's header, check its CRC-32 and length
        m_s.next_in = reinterpret_cast<uint8_t*>(m_carry.data());
        m_s.avail_in = uint32_t(m_carry.size());
        m_s.next_out = out;
        m_s.avail_out = room;
        m_inMember = true;
    }
    /// Reads the next input chunk; false at the end of the input (m_done, or m_error when a member is
    /// cut short) or on a read error.
    bool refill() {
        const int64_t n = m_in->read(m_buf.data(), kInChunk);
        if (n < 0) {
            m_error = m_in->error();
            return false;
        }
        if (n == 0) {
            if (m_inMember) m_error = "truncated gzip stream";
            m_done = m_error.empty();
            return false;
        }
        m_s.next_in = reinterpret_cast<uint8_t*>(m_buf.data());
        m_s.avail_in = uint32_t(n);
        return true;
    }

    std::unique_ptr<ByteSource> m_in;
    std::vector<char> m_buf;
    std::vector<char> m_carry; ///< the input a finished member left unread, for the next member
    inflate_state m_s{};
    bool m_inMember = true;
    bool m_done = false;
};

} // namespace

std::unique_ptr<ByteSource> makeGzipSource(std::unique_ptr<ByteSource> in) {
    return std::make_unique<IsalGzipSource>(std::move(in));
}

} // namespace rs::io
