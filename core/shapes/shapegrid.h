#pragma once
// One op type's shape table laid out for the shape heatmap: of the shapes of one dtype and layout, the
// two input dims that vary most (e.g. batch × sequence length) become rows and columns; each cell is
// the shape group with those two values (the one with most kernels when other dims vary too, said by
// `mixed`). Pure functions over a loaded OpShapeTable.
#include "core/shapes/shapetable.h"

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

/// The (dtype, layout) kinds of `t`, most kernels first.
std::vector<std::pair<std::string, std::string>> shapeKinds(const OpShapeTable& t);
/// The grid of one kind (`dtype`, `layout`); empty values: the kind with most kernels. `t` must outlive it.
ShapeGrid buildShapeGrid(const OpShapeTable& t, const std::string& dtype = {}, const std::string& layout = {});

} // namespace rs::shapes
