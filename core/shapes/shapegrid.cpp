#include "core/shapes/shapegrid.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <set>

namespace rs::shapes {

namespace {
/// Dims of each input; empty when a dim is not a number.
std::vector<std::vector<int64_t>> dimsOf(const std::string& shapes) {
    std::vector<std::vector<int64_t>> out;
    size_t pos = 0;
    for (;;) {
        size_t end = shapes.find(';', pos);
        std::string input = shapes.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        std::vector<int64_t> dims;
        size_t p = 0;
        while (!input.empty() && p <= input.size()) {
            size_t comma = input.find(',', p);
            std::string d = input.substr(p, comma == std::string::npos ? std::string::npos : comma - p);
            int64_t v = 0;
            auto [ptr, ec] = std::from_chars(d.data(), d.data() + d.size(), v);
            if (ec != std::errc() || ptr != d.data() + d.size()) return {};
            dims.push_back(v);
            if (comma == std::string::npos) break;
            p = comma + 1;
        }
        out.push_back(std::move(dims));
        if (end == std::string::npos) break;
        pos = end + 1;
    }
    return out;
}
} // namespace

std::vector<std::pair<std::string, std::string>> shapeKinds(const OpShapeTable& t) {
    std::map<std::pair<std::string, std::string>, int64_t> kernels;
    for (const auto& s : t.shapes)
        kernels[{s.dtype, layoutOf(s.inputShapes)}] += s.count;
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& [k, n] : kernels)
        out.push_back(k);
    std::stable_sort(out.begin(), out.end(), [&](auto& a, auto& b) { return kernels[a] > kernels[b]; });
    return out;
}

namespace {
using ShapeDims = std::vector<std::pair<const ShapeRow*, std::vector<std::vector<int64_t>>>>;

/// The shapes of one kind with their dims (shapes whose dims are not all numbers are left out).
ShapeDims shapesOfKind(const OpShapeTable& t, const std::string& dtype, const std::string& layout) {
    ShapeDims rows;
    for (const auto& s : t.shapes)
        if (s.dtype == dtype && layoutOf(s.inputShapes) == layout)
            if (auto d = dimsOf(s.inputShapes); !d.empty()) rows.push_back({&s, std::move(d)});
    return rows;
}

std::map<DimPos, std::set<int64_t>> dimValues(const ShapeDims& rows) {
    std::map<DimPos, std::set<int64_t>> values;
    for (auto& [row, dims] : rows)
        for (size_t i = 0; i < dims.size(); ++i)
            for (size_t j = 0; j < dims[i].size(); ++j)
                values[{i, j}].insert(dims[i][j]);
    return values;
}

std::string dimName(DimPos p) {
    return "input " + std::to_string(p.first + 1) + ", dim " + std::to_string(p.second + 1);
}

/// The positions whose values vary, most distinct values first.
std::vector<DimPos> varying(const std::map<DimPos, std::set<int64_t>>& values) {
    std::vector<DimPos> out;
    for (auto& [pos, v] : values)
        if (v.size() > 1) out.push_back(pos);
    std::stable_sort(out.begin(), out.end(),
                     [&](auto& a, auto& b) { return values.at(a).size() > values.at(b).size(); });
    return out;
}
} // namespace

std::vector<VaryingDim> varyingDims(const OpShapeTable& t, const std::string& dtype,
                                    const std::string& layout) {
    const auto values = dimValues(shapesOfKind(t, dtype, layout));
    std::vector<VaryingDim> out;
    for (const DimPos& p : varying(values))
        out.push_back({p, dimName(p), values.at(p).size()});
    return out;
}

ShapeGrid buildShapeGrid(const OpShapeTable& t, const std::string& dtype, const std::string& layout,
                         std::optional<DimPos> colDim, std::optional<DimPos> rowDim) {
    ShapeGrid g;
    const auto kinds = shapeKinds(t);
    if (kinds.empty()) return g;
    g.dtype = dtype.empty() && layout.empty() ? kinds.front().first : dtype;
    g.layout = dtype.empty() && layout.empty() ? kinds.front().second : layout;
    const ShapeDims rows = shapesOfKind(t, g.dtype, g.layout);
    if (rows.empty()) return g;
    auto values = dimValues(rows);
    const std::vector<DimPos> vary = varying(values);
    auto varies = [&](const std::optional<DimPos>& p) {
        return p && std::find(vary.begin(), vary.end(), *p) != vary.end();
    };
    auto name = dimName;
    std::optional<DimPos> colPos, rowPos;
    if (varies(colDim))
        colPos = colDim;
    else if (!vary.empty())
        colPos = vary[0];
    if (varies(rowDim) && rowDim != colPos)
        rowPos = rowDim;
    else if (!rowDim) // the default: the next most varying dim that is not the columns'
        for (const DimPos& p : vary)
            if (p != colPos) {
                rowPos = p;
                break;
            }
    if (colPos) {
        g.colDim = name(*colPos);
        g.colValues.assign(values[*colPos].begin(), values[*colPos].end());
    } else {
        g.colValues = {0};
    }
    if (rowPos) {
        g.rowDim = name(*rowPos);
        g.rowValues.assign(values[*rowPos].begin(), values[*rowPos].end());
    } else {
        g.rowValues = {0};
    }
    g.cells.assign(g.rowValues.size() * g.colValues.size(), {});
    std::set<const ShapeRow*> outliers;
    for (const auto& o : t.outliers)
        for (const auto& s : t.shapes)
            if (s.inputShapes == o.inputShapes && s.dtype == o.dtype) outliers.insert(&s);
    for (auto& entry : rows) {
        const ShapeRow* row = entry.first;
        const auto& dims =
            entry.second; // not a structured binding: clang 14 (the fuzz build) cannot capture one
        auto idx = [&](const std::optional<std::pair<size_t, size_t>>& pos,
                       const std::vector<int64_t>& vals) {
            if (!pos) return size_t(0);
            return size_t(std::lower_bound(vals.begin(), vals.end(), dims[pos->first][pos->second]) -
                          vals.begin());
        };
        ShapeCell& c = g.cells[idx(rowPos, g.rowValues) * g.colValues.size() + idx(colPos, g.colValues)];
        if (c.row) {
            c.mixed = true;
            if (row->count <= c.row->count) continue;
        }
        c.row = row;
        c.outlier = outliers.count(row) > 0;
    }
    return g;
}

} // namespace rs::shapes
