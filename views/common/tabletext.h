#pragma once
// Table rows as tab-separated text for the clipboard (Ctrl+C / Copy in the app's tables: diagnostics,
// area statistics, the SQL console's grid): a header line, then one line per row, the cells as shown;
// tabs and line breaks inside a cell become spaces so every row stays one line. GUI thread.
#include <QString>
#include <vector>

class QAbstractItemModel;
class QAbstractItemView;

namespace rs::views {

/// `rows` of `model` (a proxy or a source model) with the header first.
QString tabSeparated(const QAbstractItemModel& model, const std::vector<int>& rows);
/// The rows selected in `view`, or every row of its model when none is, in the view's order.
QString tabSeparatedSelection(const QAbstractItemView& view);

} // namespace rs::views
