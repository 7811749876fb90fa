#include "core/index/flowchunk.h"

#include <bit>

namespace rs::index {

namespace {

// Offsets of a record's fields. The id field holds the integer id, or the text id's offset (low 32 bits)
// and length (high 32 bits) in the chunk's text area.
constexpr size_t kTs = 0, kTrack = 8, kId = 16, kRank = 24, kCat = 28, kName = 32, kFile = 36, kPhase = 40,
                 kFlags = 41;
constexpr uint8_t kEnclosing = 1, kIntId = 2;

template <class T> void put(char* p, T v) {
    auto u = std::bit_cast<std::make_unsigned_t<T>>(v);
    for (size_t i = 0; i < sizeof(T); ++i, u >>= 8) // little-endian on any host
        p[i] = char(uint8_t(u & 0xff));
}

template <class T> T get(const char* p) {
    std::make_unsigned_t<T> u = 0;
    for (size_t i = sizeof(T); i-- > 0;)
        u = (u << 8) | uint8_t(p[i]);
    return std::bit_cast<T>(u);
}

void encodeOne(const model::FlowRow& r, char* p, std::string& texts) {
    put(p + kTs, r.tsNs);
    put(p + kTrack, r.trackId);
    if (r.idNum) {
        put(p + kId, *r.idNum);
    } else {
        const uint64_t at = texts.size(), len = r.idText.size();
        put(p + kId, int64_t(at | (len << 32)));
        texts += r.idText;
    }
    put(p + kRank, int32_t(r.rank));
    put(p + kCat, r.catId);
    put(p + kName, r.nameId);
    put(p + kFile, r.fileId);
    p[kPhase] = r.phase;
    p[kFlags] = char((r.bindEnclosing ? kEnclosing : 0) | (r.idNum ? kIntId : 0));
}

[[noreturn]] void damaged(const char* what) {
    throw SqlError(std::string("the build's flow events are damaged: ") + what);
}

} // namespace

void encodeFlowChunk(const std::vector<model::FlowRow>& rows, std::string& out) {
    out.assign(rows.size() * kFlowRecordBytes, '\0');
    std::string texts; // after the records: appending to `out` itself would move them while written
    for (size_t i = 0; i < rows.size(); ++i) {
        encodeOne(rows[i], out.data() + i * kFlowRecordBytes, texts);
        if (texts.size() > UINT32_MAX) throw SqlError("one batch's flow ids take over 4 GiB");
    }
    out += texts;
}

void decodeFlowChunk(std::string_view bytes, int64_t count,
                     const std::function<void(int64_t, const FlowEvent&)>& fn) {
    if (count < 0 || uint64_t(count) > bytes.size() / kFlowRecordBytes)
        damaged("a chunk is shorter than its count");
    const size_t textBase = size_t(count) * kFlowRecordBytes;
    const std::string_view texts = bytes.substr(textBase);
    for (int64_t i = 0; i < count; ++i) {
        const char* p = bytes.data() + size_t(i) * kFlowRecordBytes;
        FlowEvent e;
        e.tsNs = get<int64_t>(p + kTs);
        e.trackId = get<int64_t>(p + kTrack);
        const auto flags = uint8_t(p[kFlags]);
        e.idIsInt = flags & kIntId;
        e.bindEnclosing = flags & kEnclosing;
        if (e.idIsInt) {
            e.idNum = get<int64_t>(p + kId);
        } else {
            const auto ref = get<uint64_t>(p + kId);
            const uint64_t at = ref & 0xffffffffu, len = ref >> 32;
            if (at > texts.size() || len > texts.size() - at) damaged("a text id lies outside its chunk");
            e.idText = texts.substr(at, len);
        }
        e.dataRank = get<int32_t>(p + kRank);
        e.catId = get<int32_t>(p + kCat);
        e.nameId = get<int32_t>(p + kName);
        e.fileId = get<int32_t>(p + kFile);
        e.phase = p[kPhase];
        fn(i, e);
    }
}

void forEachFlowEvent(Db& db, int64_t first, int64_t last, const std::function<void(const FlowEvent&)>& fn) {
    auto q =
        db.prepare("SELECT first, count, data FROM flow_chunk WHERE first BETWEEN ? AND ? ORDER BY first");
    q.bind(1, first).bind(2, last);
    while (q.step()) {
        const int64_t chunkFirst = q.i64(0);
        decodeFlowChunk(q.blob(2), q.i64(1), [&](int64_t i, const FlowEvent& e) {
            if (chunkFirst + i <= last) fn(e);
        });
    }
}

} // namespace rs::index
