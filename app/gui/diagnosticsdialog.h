#pragma once
// File ▸ Diagnostics: the per-record problems the import counted (it went on past them), in a table the
// user can sort by any column (click a header), filter (the text is looked for in every column) and copy
// (Ctrl+C or the Copy button: the selected rows, or all rows shown, as tab-separated text with a header).
// The line above the table totals what is shown. Each cell one line, cut with "…" and whole in its tooltip;
// the dialog opens at its contents' size, within the screen. GUI thread only.
#include "core/query/timelinequery.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace rs::gui {

class DiagnosticsModel;

class DiagnosticsDialog : public QDialog {
    Q_OBJECT
  public:
    DiagnosticsDialog(std::vector<query::DiagnosticDesc> rows, QWidget* parent = nullptr);
    DiagnosticsModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    QLineEdit* filter() const { return m_filter; }
    /// What Copy puts on the clipboard: the selected rows, or every row shown.
    QString copyText() const;
    void copy() const;

  private:
    static constexpr int kMaxColumnWidth = 420; ///< px: a wider cell is cut with "…", whole in its tooltip
    static constexpr int kMaxRowsShown = 20;    ///< the dialog opens tall enough for this many rows
    void updateSummary();
    /// Sizes the dialog to its columns and rows, within the screen's available area.
    void fitToContents();
    DiagnosticsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLineEdit* m_filter;
    QLabel* m_summary;
};

} // namespace rs::gui
