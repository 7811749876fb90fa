#include "core/shapes/shapetable.h"

#include "core/index/defaultrun.h"
#include "core/model/median.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace rs::shapes {

namespace {
/// The `;`-separated fields of a list, one after another (each field read once: looking up field i from
/// the list's start for every i was quadratic over a shape's fields). Empty past the list's end.
class Fields {
  public:
    explicit Fields(std::string_view list) : m_rest(list), m_done(false) {}
    std::string_view next() {
        if (m_done) return {};
        const size_t end = m_rest.find(';');
        const std::string_view f = m_rest.substr(0, end);
        m_done = end == std::string_view::npos;
        m_rest.remove_prefix(m_done ? m_rest.size() : end + 1);
        return f;
    }

  private:
    std::string_view m_rest;
    bool m_done;
};

/// Whether an input type names a tensor's dtype ("float", "c10::Half", Ascend's "FLOAT") rather than
/// Kineto's marks for what is no tensor: "Scalar" (a number argument), "TensorList" (not expanded), ""
/// (None, a string, …), or an IValue tag kind older PyTorch wrote instead.
bool namesTensorDtype(std::string_view type) {
    static const std::set<std::string_view> notTensors = {
        "Scalar", "TensorList", "GenericList", "GenericDict",   "None",      "Int",    "Double",
        "Bool",   "String",     "IntList",     "DoubleList",    "BoolList",  "Tuple",  "Device",
        "SymInt", "SymFloat",   "SymBool",     "ComplexDouble", "Generator", "Layout", "ScalarType"};
    return !type.empty() && !notTensors.count(type);
}

/// Product of one input's dims ("4,512,4096"); nullopt when a dim is not a number or it overflows.
std::optional<int64_t> productOf(std::string_view input) {
    int64_t product = 1;
    size_t p = 0;
    while (p < input.size()) {
        size_t comma = input.find(',', p);
        std::string_view dim =
            input.substr(p, comma == std::string_view::npos ? std::string_view::npos : comma - p);
        while (!dim.empty() && dim.front() == ' ')
            dim.remove_prefix(1);
        while (!dim.empty() && dim.back() == ' ')
            dim.remove_suffix(1);
        int64_t d = 0;
        auto [ptr, ec] = std::from_chars(dim.data(), dim.data() + dim.size(), d);
        if (ec != std::errc() || ptr != dim.data() + dim.size() || d < 0) return std::nullopt;
        if (d != 0 && product > INT64_MAX / d) return std::nullopt;
        product *= d;
        if (comma == std::string_view::npos) break;
        p = comma + 1;
    }
    return product;
}
} // namespace

int64_t elementsOf(std::string_view shapes, std::string_view dtypes) {
    if (shapes.empty()) return 0;
    int64_t total = 0;
    size_t pos = 0;
    Fields types(dtypes); // in step with the shapes' inputs
    for (;;) {
        size_t end = shapes.find(';', pos);
        std::string_view input =
            shapes.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        int64_t n = 0;
        const std::string_view type = types.next();
        if (!input.empty()) {
            auto product = productOf(input);
            if (!product) return 0;
            n = *product;
        } else if (namesTensorDtype(type)) {
            n = 1; // a 0-dim tensor: one element the kernel reads (a learning rate, a fill value)
        }          // else no dims recorded (a number argument, an unexpanded list): no elements to count
        if (total > INT64_MAX - n) return 0;
        total += n;
        if (end == std::string_view::npos) break;
        pos = end + 1;
    }
    return total;
}

std::string layoutOf(std::string_view shapes) {
    std::string out;
    size_t pos = 0;
    for (;;) {
        size_t end = shapes.find(';', pos);
        std::string_view input =
            shapes.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        const size_t dims = input.empty() ? 0 : size_t(std::count(input.begin(), input.end(), ',')) + 1;
        out += (pos ? ";" : "") + std::to_string(dims);
        if (end == std::string_view::npos) break;
        pos = end + 1;
    }
    return out;
}

std::optional<WorkModel> fitWorkModel(const std::vector<std::pair<double, double>>& points) {
    std::vector<std::pair<double, double>> pts = points;
    std::sort(pts.begin(), pts.end());
    pts.erase(std::unique(pts.begin(), pts.end(), [](auto& a, auto& b) { return a.first == b.first; }),
              pts.end());
    if (pts.size() < kMinSizes) return std::nullopt;
    if (pts.size() > 1500) { // pairwise slopes are O(n²): an even spread of the sizes is enough
        std::vector<std::pair<double, double>> s;
        for (size_t i = 0; i < 1500; ++i)
            s.push_back(pts[i * pts.size() / 1500]);
        pts.swap(s);
    }
    std::vector<double> slopes;
    for (size_t i = 0; i < pts.size(); ++i)
        for (size_t j = i + 1; j < pts.size(); ++j)
            slopes.push_back((pts[j].second - pts[i].second) / (pts[j].first - pts[i].first));
    const double slope = stats::median(slopes); // judged: Theil–Sen's estimator, no value measured
    if (!(slope > 0)) return std::nullopt;
    std::vector<double> intercepts;
    for (auto& [e, t] : points)
        intercepts.push_back(t - slope * e);
    WorkModel m;
    m.nsPerElement = slope;
    // may be negative: elements also count inputs the work does not grow with (a matmul's weight), so the
    // line is an offset within the sizes seen, not a launch cost
    m.fixedNs = stats::median(intercepts); // judged: the estimator's intercept, a line, not a kernel
    m.shapes = int(pts.size());
    return m;
}

void judgeShapes(OpShapeTable& t, double factor) {
    std::map<std::pair<std::string, std::string>, std::vector<ShapeRow*>> byKind; // (dtype, layout)
    for (auto& s : t.shapes)
        if (s.elements > 0) byKind[{s.dtype, layoutOf(s.inputShapes)}].push_back(&s);
    for (auto& [kind, rows] : byKind) {
        std::vector<std::pair<double, double>> pts;
        for (auto* r : rows)
            pts.push_back({double(r->elements), r->medianNs});
        auto m = fitWorkModel(pts);
        if (!m) continue;
        m->dtype = kind.first;
        m->layout = kind.second;
        t.models.push_back(*m);
        std::vector<double> logs;
        for (auto* r : rows) {
            const double predicted = m->fixedNs + m->nsPerElement * double(r->elements);
            if (predicted <= 0 || r->medianNs <= 0) continue;
            r->ratio = r->medianNs / predicted;
            logs.push_back(std::log(r->ratio));
        }
        // far = beyond `factor` and beyond how much this op type's shapes scatter around the model anyway
        // (3 robust standard deviations of the log ratios), so an op type whose cost the element count
        // does not explain (layout conversions) is not a list of false outliers
        std::vector<double> copy = logs;
        const double mid = stats::median(copy); // judged: the centre the outliers' MAD fence sits on
        const double spread = 3 * 1.4826 * stats::mad(logs, mid);
        const double limit = std::max(std::log(factor), spread);
        for (auto* r : rows)
            if (r->ratio > 0 && r->count >= 2 && std::abs(std::log(r->ratio) - mid) > limit)
                t.outliers.push_back(*r);
    }
    std::sort(t.outliers.begin(), t.outliers.end(), [](const ShapeRow& a, const ShapeRow& b) {
        return std::abs(std::log(a.ratio)) > std::abs(std::log(b.ratio));
    });
}

namespace {
int chooseRun(index::Db& db, std::optional<int> run) {
    if (run) return *run;
    return index::defaultRunId(db);
}
} // namespace

std::vector<int> shapeRanks(index::Db& db, const ShapeQuery& q) {
    std::string sql = "SELECT rank FROM rank_info WHERE coalesce(run_id, 0) = ?";
    if (q.dataRank) sql += " AND coalesce(data_rank, rank) = ?";
    auto st = db.prepare(sql);
    st.bind(1, chooseRun(db, q.run));
    if (q.dataRank) st.bind(2, *q.dataRank);
    std::vector<int> out;
    while (st.step())
        out.push_back(int(st.i64(0)));
    return out;
}

void ShapeGroups::add(index::Db& db, const std::vector<int>& ranks, const std::optional<std::string>& opType,
                      const std::function<int(int)>& rankOf) {
    const std::set<int> wanted(ranks.begin(), ranks.end());
    std::string sql = "SELECT k.op_type, coalesce(k.input_shapes, ''), coalesce(k.input_dtypes, ''), "
                      "k.dur_ns, k.rank, k.ts_ns FROM kernel_shapes k";
    if (opType) sql += " WHERE k.op_type = ?";
    auto st = db.prepare(sql);
    if (opType) st.bind(1, *opType);
    while (st.step()) {
        if (!wanted.count(int(st.i64(4)))) continue;
        const std::string op = st.text(0);
        std::pair<std::string, std::string> key{st.text(1), st.text(2)};
        m_groups[op][key].push_back(double(st.i64(3)));
        const int shown = rankOf(int(st.i64(4))); // by the key rows name: two runs' rank 0 are two ranks
        m_rowRanks[{op, key}].insert(shown);
        m_opRanks[op].insert(shown);
        ShapeRow& f = m_first[{op, key}];
        if (f.firstRank < 0 || st.i64(5) < f.firstTsNs) {
            f.firstRank = rankOf(int(st.i64(4)));
            f.firstTsNs = st.i64(5);
            f.firstDurNs = st.i64(3);
        }
    }
}

std::vector<OpShapeTable> ShapeGroups::tables() {
    std::vector<OpShapeTable> out;
    for (auto& [op, shapes] : m_groups) {
        OpShapeTable t;
        t.opType = op;
        t.ranks = int(m_opRanks[op].size());
        for (auto& [key, durs] : shapes) {
            ShapeRow r;
            r.inputShapes = key.first;
            r.dtype = key.second;
            r.count = int64_t(durs.size());
            r.ranks = int(m_rowRanks[{op, key}].size());
            for (double d : durs)
                r.totalNs += d;
            t.totalNs += r.totalNs;
            r.meanNs = r.totalNs / double(r.count);
            std::vector<double> copy = durs;
            r.medianNs = model::lowerMedian(durs); // shown: a kernel's duration that happened
            r.p95Ns = stats::percentile(copy, 95);
            r.elements = elementsOf(r.inputShapes, r.dtype);
            const ShapeRow& f = m_first[{op, key}];
            r.firstRank = f.firstRank;
            r.firstTsNs = f.firstTsNs;
            r.firstDurNs = f.firstDurNs;
            if (r.elements > 0) r.nsPerElement = r.medianNs / double(r.elements);
            t.shapes.push_back(std::move(r));
        }
        std::sort(t.shapes.begin(), t.shapes.end(), [](const ShapeRow& a, const ShapeRow& b) {
            return a.count != b.count ? a.count > b.count : a.inputShapes < b.inputShapes;
        });
        judgeShapes(t);
        out.push_back(std::move(t));
    }
    std::sort(out.begin(), out.end(),
              [](const OpShapeTable& a, const OpShapeTable& b) { return a.totalNs > b.totalNs; });
    return out;
}

std::vector<OpShapeTable> loadShapeTables(index::Db& db, const ShapeQuery& q) {
    ShapeGroups g;
    g.add(db, shapeRanks(db, q), q.opType, [](int r) { return r; });
    return g.tables();
}

namespace {
nlohmann::json rowJson(const ShapeRow& r, bool withRatio) {
    nlohmann::json j{{"input_shapes", r.inputShapes},
                     {"dtype", r.dtype},
                     {"count", r.count},
                     {"total_ns", r.totalNs},
                     {"mean_ns", r.meanNs},
                     {"median_ns", r.medianNs},
                     {"p95_ns", r.p95Ns},
                     {"elements", r.elements},
                     {"ranks", r.ranks}};
    j["ns_per_element"] = r.nsPerElement >= 0 ? nlohmann::json(r.nsPerElement) : nlohmann::json();
    if (withRatio) j["ratio"] = r.ratio;
    return j;
}
} // namespace

std::string shapesJson(const std::vector<OpShapeTable>& tables) {
    nlohmann::json ops = nlohmann::json::array();
    for (const auto& t : tables) {
        nlohmann::json o{{"op_type", t.opType}, {"total_ns", t.totalNs}, {"ranks", t.ranks}};
        o["work_models"] = nlohmann::json::array();
        for (const auto& m : t.models)
            o["work_models"].push_back({{"dtype", m.dtype},
                                        {"layout", m.layout},
                                        {"fixed_ns", m.fixedNs},
                                        {"ns_per_element", m.nsPerElement},
                                        {"shapes", m.shapes}});
        o["shapes"] = nlohmann::json::array();
        for (const auto& s : t.shapes)
            o["shapes"].push_back(rowJson(s, false));
        o["outliers"] = nlohmann::json::array();
        for (const auto& s : t.outliers)
            o["outliers"].push_back(rowJson(s, true));
        ops.push_back(o);
    }
    return nlohmann::json{{"op_types", ops}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace rs::shapes
