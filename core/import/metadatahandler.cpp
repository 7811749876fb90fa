#include "core/import/metadatahandler.h"

#include "core/model/decimal.h"

#include <optional>

namespace rs::import {

void handleMetadata(TraceFileState& s, const TraceEvent& e) {
    const std::string name = e.name.str();
    std::string value;
    std::optional<int64_t> sortIndex;
    formats::forEachMember(e.args.text, [&](std::string_view k, const formats::JsonValue& v) {
        if (k == "name" || k == "labels")
            value = v.str();
        else if (k == "sort_index")
            sortIndex = model::parseI64(v.text);
    });
    TraceNames& n = s.tracks.names();
    if (name == "process_name")
        n.processNames[e.pidText] = value;
    else if (name == "process_labels")
        n.processLabels[e.pidText] = value;
    else if (name == "thread_name")
        n.threadNames[TraceNames::threadKey(e.pidText, e.tidText)] = value;
    else if (name == "process_sort_index" && sortIndex)
        n.processSort[e.pidText] = *sortIndex;
    else if (name == "thread_sort_index" && sortIndex)
        n.threadSort[TraceNames::threadKey(e.pidText, e.tidText)] = *sortIndex;
}

} // namespace rs::import
