#include "core/import/flowhandler.h"

#include "core/model/decimal.h"

namespace rs::import {

void handleFlow(TraceFileState& s, const TraceEvent& e) {
    int64_t ts;
    if (s.eventTime(e, "flow event with a bad ts", ts) != TraceFileState::Time::Ok) return;
    const formats::JsonValue& id = e.id.present() ? e.id : e.bindId;
    TraceTrack& t = s.tracks.slices(e.pidText, e.tidText);
    const bool enclosing = e.bp.present() && e.bp.text == "e";
    // views, not copies (a copy only when escaped): half of an Ascend trace's events are flow ends, and a
    // name past 15 bytes ("mindspore_to_npu") was an allocation each
    std::string catScratch, nameScratch;
    model::FlowRow f{s.rank.rank,
                     std::nullopt,
                     {},
                     s.strings.intern(e.cat.view(catScratch)),
                     s.strings.intern(e.name.view(nameScratch)),
                     e.ph.text[0],
                     enclosing,
                     ts,
                     t.id,
                     s.fileId};
    // Ids that fit in int64 are kept as numbers, without a string of their own; larger ones (up to 2^64−1)
    // and string ids as text, so none loses a digit.
    const std::string unescaped = id.escaped ? id.str() : std::string();
    const std::string_view text = id.escaped ? std::string_view(unescaped) : id.text;
    const auto num = model::parseI64(text);
    if (num && text.find('.') == std::string_view::npos)
        f.idNum = num;
    else
        f.idText.assign(text);
    s.batch().flows.push_back(std::move(f));
}

} // namespace rs::import
