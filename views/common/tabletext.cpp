#include "views/common/tabletext.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>
#include <set>

namespace rs::views {

QString tabSeparated(const QAbstractItemModel& model, const std::vector<int>& rows) {
    const auto clean = [](QString v) {
        v.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
        return v;
    };
    QStringList lines;
    QStringList head;
    for (int c = 0; c < model.columnCount(); ++c)
        head << clean(model.headerData(c, Qt::Horizontal).toString());
    lines << head.join('\t');
    for (int r : rows) {
        QStringList cells;
        for (int c = 0; c < model.columnCount(); ++c)
            cells << clean(model.index(r, c).data().toString());
        lines << cells.join('\t');
    }
    return lines.join('\n') + '\n';
}

QString tabSeparatedSelection(const QAbstractItemView& view) {
    const QAbstractItemModel* model = view.model();
    if (!model) return {};
    std::set<int> chosen;
    if (view.selectionModel())
        for (const QModelIndex& i : view.selectionModel()->selectedRows())
            chosen.insert(i.row());
    std::vector<int> rows(chosen.begin(), chosen.end());
    if (rows.empty())
        for (int r = 0; r < model->rowCount(); ++r)
            rows.push_back(r);
    return tabSeparated(*model, rows);
}

} // namespace rs::views
