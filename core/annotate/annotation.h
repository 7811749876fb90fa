#pragma once
// An annotation: a note, range, arrow or box a user puts on the data to explain it ("rank 5 stalls
// here, and this is why"). Anchored to data, never to pixels: times are absolute ns on the profile's
// clock (the same values the index stores), ranks are rank keys, heatmap cells are (op type, rank),
// memory regions are (address range, time range) or a tensor id. So an annotation follows zoom, theme,
// window size and re-index. Pure value types; any thread.
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

namespace rs::annotate {

enum class Kind { Note, Range, Arrow, Box };
enum class Surface { Timeline, Heatmap, Memory };

std::string kindName(Kind k);
std::optional<Kind> kindFromName(const std::string& s);
std::string surfaceName(Surface s);
std::optional<Surface> surfaceFromName(const std::string& s);

/// A lane of the timeline: its rank and its label as the timeline shows it ("Stream 2" of rank 3). Lane
/// labels repeat across ranks, so the pair is what names one lane.
struct LaneRef {
    /// The rank key; kAnyRank in a file written before lanes kept their rank (annotations format 1): the
    /// label then means that lane on each of the annotation's ranks (an arrow's: on its end's rank).
    int rank = kAnyRank;
    std::string label; ///< "": the rank's whole block (an arrow's end on a rank's header)
    static constexpr int kAnyRank = -1;
    bool operator==(const LaneRef&) const = default;
};

struct Anchor {
    Surface view = Surface::Timeline;
    int run = 0;
    /// Timeline and memory: the ranks it concerns (a note's lane, a range's ranks; empty: every rank).
    std::vector<int> ranks;
    int64_t t0Ns = 0, t1Ns = 0; ///< a note or an arrow's start has t1Ns == t0Ns
    /// Timeline: the lanes it was drawn on, each with its rank: a box's or a range's lanes (exactly those:
    /// a box across ranks 2 and 3 keeps rank 2's lanes it covers and rank 3's, not their labels on both), a
    /// note's lane, an arrow's start and end lanes (two entries, on ranks.front() and toRank). Empty: the
    /// ranks' whole blocks (files before lanes).
    std::vector<LaneRef> lanes;
    /// Arrow: where it points.
    int toRank = -1;
    int64_t toNs = 0;
    /// Heatmap: the op types (rows) of the cell or box; with `ranks` as its columns.
    std::vector<std::string> opTypes;
    /// Memory: a tensor, or an address range [addr0, addr1) over [t0Ns, t1Ns].
    std::string tensorId;
    uint64_t addr0 = 0, addr1 = 0;
    bool operator==(const Anchor&) const = default;
};

struct Annotation {
    std::string id; ///< "a1", "a2", … unique within its file, never reused
    Kind kind = Kind::Note;
    std::string text;
    std::string color = "#138d4a"; ///< #rrggbb; green by default: red, orange and purple already mean waits,
                                   ///< idle gaps and communication
    std::string author;
    std::string created; ///< UTC, ISO 8601
    Anchor anchor;
    bool operator==(const Annotation&) const = default;
};

nlohmann::json toJson(const Annotation& a);
/// Returns nullopt with `error` set when a required field is missing or has the wrong type.
std::optional<Annotation> annotationFromJson(const nlohmann::json& j, std::string& error);

/// "note at +320 ms on rank 3", "range +320 ms … +345 ms on ranks 0-7", "box MatMulV2 × rank 3":
/// where the annotation is, for lists (times relative to `runStartNs`). `dataRank` (rank key → the number
/// the producer wrote, query::ProfileSummary::dataRank) names the ranks as the lanes do: in a folder whose
/// runs claim the same rank numbers, run 0's rank 0 may be key 10000, which no file and no view says.
std::string describeAnchor(const Annotation& a, int64_t runStartNs, const std::map<int, int>& dataRank = {});
/// `a` with its ranks (a note's, range's, box's, an arrow's end, its lanes') renamed by `dataRank` (rank
/// key → the producer's number; a key it lacks is kept): for text only, the file keeps the keys.
Annotation withDataRanks(Annotation a, const std::map<int, int>& dataRank);
/// Whether a timeline annotation's time (an arrow's, from its start to its end) meets the window [t0Ns,
/// t1Ns]: the one rule by which the timeline draws it and a picture's caption counts it.
bool meetsWindow(const Annotation& a, int64_t t0Ns, int64_t t1Ns);
/// Whether any lane of `a` keeps its rank: only then does its file need format 2 (a set without one is
/// written as format 1, which older builds read).
bool hasRankedLanes(const Annotation& a);
/// The lane refs of `labels`, each on `rank` (kAnyRank: a format-1 list).
std::vector<LaneRef> lanesOn(int rank, const std::vector<std::string>& labels);
/// "rank 3", "ranks 0-3, 7", "every rank" (empty).
std::string rankListText(const std::vector<int>& ranks);

} // namespace rs::annotate
