#pragma once
// Op latency by input shape: each op type's kernels grouped by (input shapes, dtypes) with count, total,
// mean, median and p95, and the shapes whose time is far from what the op type's other shapes predict. The
// prediction is a work model per (op type, dtype, layout — how many inputs, how many dims each: a tensor
// times a scalar is not a tensor times a tensor), t ≈ fixed + ns_per_element × elements (elements: the sum
// over the inputs that have dims of the product of their dims; a 0-dim tensor counts 1), fitted with
// Theil–Sen (medians of pairwise slopes, so a few bad shapes cannot bend it); a shape (of at least 2 kernels)
// is an outlier when its median is more than 1.5× (or under 1/1.5) the prediction and beyond 3 robust
// standard deviations of the op type's log ratios. So a shape where the compiler picked a bad tiling stands
// out even when larger shapes take longer. Times ns. Reads the index (kernel_shapes); the caller's thread.
#include "core/index/sqlite.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rs::shapes {

struct ShapeRow {
    std::string inputShapes, dtype;
    int64_t count = 0;
    double totalNs = 0, meanNs = 0; ///< the kernels' summed and mean durations
    double medianNs = 0, p95Ns = 0;
    int64_t elements = 0;     ///< 0: not known (no input has dims, a dim that is not a number)
    double nsPerElement = -1; ///< median / elements; -1 when elements is not known
    double ratio = 0;         ///< median / the work model's prediction; 0 when there is no model
    int ranks = 0;            ///< how many ranks' kernels count, median and p95 are pooled over
    int firstRank = -1;       ///< the earliest kernel of the group (rank key, ts ns): where to show it
    int64_t firstTsNs = 0, firstDurNs = 0;
};

struct WorkModel {
    std::string dtype;
    std::string layout; ///< dims per input, e.g. "2;2" (two matrices) or "4;0" (a 4-d tensor and a scalar)
    double fixedNs = 0, nsPerElement = 0; ///< fixedNs may be < 0 (an offset within the sizes fitted)
    int shapes = 0;                       ///< distinct sizes it was fitted on
};

struct OpShapeTable {
    std::string opType;
    double totalNs = 0;
    /// How many ranks' kernels the rows pool: a shape's median and p95 are over every kernel of these
    /// ranks together, not one rank's (the Op summary's median is a rank's: r50d #5, the demo's MatMulV2
    /// 156 µs here, 124 µs on rank 0 there, each the lower median of what it covers)
    int ranks = 0;
    std::vector<ShapeRow> shapes;   ///< most kernels first
    std::vector<ShapeRow> outliers; ///< farthest from the model first
    std::vector<WorkModel> models;  ///< per (dtype, layout) with at least kMinSizes distinct sizes
};

/// Elements of the inputs that have dims: "4,512,4096;4096,4096" → 4·512·4096 + 4096·4096. An input with
/// no dims ("" between ';') adds nothing — a number argument, a tensor list Kineto did not expand — unless
/// its dtype in `dtypes` (same ';' order) names a tensor dtype: then it is a 0-dim tensor, one element.
/// 0 (no ns per element) when no input has elements, a dim is not a number or the sum overflows.
int64_t elementsOf(std::string_view shapes, std::string_view dtypes = {});

/// "4,512,4096;4096,4096" → "3;2": the number of dims of each input.
std::string layoutOf(std::string_view shapes);

/// Fewer distinct sizes than this make no model (three points cannot tell a bad shape from a bent line).
constexpr size_t kMinSizes = 5;

/// Theil–Sen fit of (elements, median ns) points; nullopt with fewer than kMinSizes sizes or a slope ≤ 0.
std::optional<WorkModel> fitWorkModel(const std::vector<std::pair<double, double>>& points);

/// Groups, models and outliers for one op type's rows (fills shapes' ratio, the table's outliers, models).
void judgeShapes(OpShapeTable& t, double factor = 1.5);

struct ShapeQuery {
    std::optional<std::string> opType;
    std::optional<int> dataRank; ///< the producer's rank number
    std::optional<int> run;      ///< default: the run with the most ranks
};

/// Op types by total kernel time, largest first.
std::vector<OpShapeTable> loadShapeTables(index::Db& db, const ShapeQuery& q);

/// The rank keys a query covers: its run's, or the one producer rank asked for.
std::vector<int> shapeRanks(index::Db& db, const ShapeQuery& q);

/// Kernels grouped by op type and (input shapes, dtypes), gathered from one index or from several (a
/// cluster index's shards), then judged into one table per op type.
class ShapeGroups {
  public:
    /// Adds the kernels of `ranks` (rank keys of `db`; `rankOf` maps one to the key the rows name).
    void add(index::Db& db, const std::vector<int>& ranks, const std::optional<std::string>& opType,
             const std::function<int(int)>& rankOf);
    /// Op types by total kernel time, largest first.
    std::vector<OpShapeTable> tables();

  private:
    using Key = std::pair<std::string, std::string>;                    ///< (input shapes, dtypes)
    std::map<std::string, std::map<Key, std::vector<double>>> m_groups; ///< op type → durations ns
    std::map<std::pair<std::string, Key>, ShapeRow> m_first;            ///< the earliest kernel of each
    std::map<std::pair<std::string, Key>, std::set<int>> m_rowRanks;    ///< the ranks each row pools
    std::map<std::string, std::set<int>> m_opRanks;                     ///< the ranks each op type pools
};

/// `{"op_types": [{"op_type", "total_ns", "work_models": [...], "shapes": [...], "outliers": [...]}]}`.
std::string shapesJson(const std::vector<OpShapeTable>& tables);

} // namespace rs::shapes
