#pragma once
// One op type's shape table laid out for the shape heatmap: of the shapes of one dtype and layout, the
// two input dims that vary most (e.g. batch × sequence length) become rows and columns; each cell is
// the shape group with those two values (the one with most kernels when other dims vary too, said by
// `mixed`). Pure functions over a loaded OpShapeTable.
#include "core/shapes/shapetable.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::shapes {

struct ShapeCell {
    const ShapeRow* row = nullptr; ///< null: no kernel with these two values
    bool outlier = false;
    bool mixed = false; ///< several shape groups share the two values (another dim varies)
};

struct ShapeGrid {
    std::string dtype, layout;
    std::string rowDim, colDim; ///< "input 1, dim 2" (1-based, as people count); rowDim empty: one row
    std::vector<int64_t> rowValues, colValues;
    std::vector<ShapeCell> cells; ///< row-major
    const ShapeCell& at(size_t r, size_t c) const { return cells[r * colValues.size() + c]; }
};

/// A dim of the inputs: (input, dim), 0-based.
using DimPos = std::pair<size_t, size_t>;

struct VaryingDim {
    DimPos pos;
    std::string name;  ///< "input 1, dim 2" (1-based)
    size_t values = 0; ///< distinct values among the kind's shapes
};

/// The dims whose values vary among the shapes of one kind, most distinct values first (the grid's default
/// columns, then rows).
std::vector<VaryingDim> varyingDims(const OpShapeTable& t, const std::string& dtype,
                                    const std::string& layout);

/// The (dtype, layout) kinds of `t`, most kernels first.
std::vector<std::pair<std::string, std::string>> shapeKinds(const OpShapeTable& t);
/// The grid of one kind (`dtype`, `layout`); empty values: the kind with most kernels. `t` must outlive it.
/// `colDim`: the columns' dim chosen by hand (one that does not vary falls back to the most varying);
/// `rowDim`: the rows' (not given: the next most varying; the columns' own or one that does not vary: a
/// single row).
ShapeGrid buildShapeGrid(const OpShapeTable& t, const std::string& dtype = {}, const std::string& layout = {},
                         std::optional<DimPos> colDim = std::nullopt,
                         std::optional<DimPos> rowDim = std::nullopt);

} // namespace rs::shapes
