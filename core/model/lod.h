#pragma once
// The level-of-detail constants the importers (which fill the LOD buckets while streaming), the index
// writer (which re-nests unsorted tracks), analysis and the timeline query share. Pure; any thread.
#include <cstdint>

namespace rs::model {

/// Bucket widths of the level-of-detail tables: 256 µs × 8^level (256 µs … 1 s). A query picks the
/// widest level whose width is below one pixel's duration, so a fully zoomed-out track reads a few
/// thousand rows; narrower windows read raw spans (a 64 µs level merged too little to pay for itself).
constexpr int kLodLevels = 5;
constexpr int64_t lodWidthNs(int level) {
    return int64_t(256000) << (3 * level);
}
/// Nesting depths summarised in the LOD tables (the timeline draws at most this many rows per track), so a
/// zoomed-out frame never scans spans to find nested ones.
constexpr int kLodDepths = 3;
/// Spans at least this long are also listed in long_span: a frame looks back this far (or one window,
/// whichever is longer) for spans covering its start, and finds the longer ones there, so a span that
/// covers the whole window is drawn at any zoom.
constexpr int64_t kLongSpanNs = 1000000;

} // namespace rs::model
