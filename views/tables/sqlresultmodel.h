#pragma once
// The SQL console's result grid: a table model over one run of the console's query service
// (core/query/sqlconsoleservice.h) that holds the rows fetched so far and asks for the next page on the
// service's worker thread when the view scrolls near its end (canFetchMore / fetchMore), so a result of
// millions of rows is read page by page and the GUI never waits. It holds at most kMaxRows rows (CSV
// export writes every row). NULL shows as a grey "NULL"; long values are cut in the cell (the tooltip
// shows more). A row that names a span (span_id, or rank with ts_ns / start_ns) gives its SpanRef.
// The model composes no SQL: the text is the user's. GUI thread only.
#include "core/query/spanlocator.h"
#include "core/query/sqlconsoleservice.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>
#include <memory>
#include <optional>
#include <vector>

namespace rs::views {

class SqlResultModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    static constexpr qint64 kMaxRows = 1000000;
    enum class State { Empty, Running, Paging, Done, Capped, Failed };

    explicit SqlResultModel(query::SqlConsoleService* service, QObject* parent = nullptr);
    /// Runs `sql` (the rows shown before go; a statement still running stops).
    void run(const QString& sql);
    /// Stops the running statement, or the result being paged through; the rows fetched stay.
    void cancel();
    State state() const { return m_state; }
    /// True while SQLite works on this result (the statement or a page).
    bool busy() const { return m_state == State::Running || m_fetching; }
    /// True when there is a result to export: rows, or a statement that ran to its end (a failed or
    /// cancelled statement that gave no row has none).
    bool hasResult() const;
    /// True while more rows wait in the statement (the next page can be asked for).
    bool moreRows() const { return m_state == State::Paging && m_rows < kMaxRows; }
    /// Held: the view's own fetching (canFetchMore) is refused, so a grid parked on the last fetched row
    /// stays there; fetchMore() called directly still fetches.
    void setFetchHeld(bool held) { m_fetchHeld = held; }
    bool fetchHeld() const { return m_fetchHeld; }
    query::QueryFailure failure() const { return m_failure; }
    QString error() const { return m_error; }
    /// "12 345 rows · 0.21 s", "1 000 rows fetched · … more rows exist: …", "cancelled after 3 000 rows", …
    QString statusText() const;
    QString sql() const { return m_sql; }
    QStringList columns() const { return m_columns; }
    /// True when the columns let rows name a span (span_id, or rank with ts_ns / start_ns).
    bool namesSpans() const { return m_namesSpans; }
    /// The span row `row` names, if any.
    std::optional<query::SpanRef> spanRef(int row) const;
    /// A cell's whole text (not cut), and whether it is NULL.
    QString cellText(int row, int column) const;
    bool isNull(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

  Q_SIGNALS:
    /// The state, the rows or the status text changed.
    void changed();

  private:
    void onStarted(quint64 id, const QStringList& columns);
    void onRows(quint64 id, const std::shared_ptr<const query::ResultPage>& page, bool done,
                qint64 elapsedMs);
    void onFailed(quint64 id, int failure, const QString& message, qint64 rows);
    /// The page holding `row` and the row's place in it.
    std::pair<const query::ResultPage*, int64_t> locate(int row) const;

    query::SqlConsoleService* m_service;
    quint64 m_id = 0;
    QString m_sql;
    State m_state = State::Empty;
    bool m_fetching = false;
    bool m_fetchHeld = false;
    QStringList m_columns;
    bool m_namesSpans = false;
    std::vector<std::shared_ptr<const query::ResultPage>> m_pages;
    std::vector<qint64> m_pageStart; ///< the first row of each page
    qint64 m_rows = 0;
    qint64 m_elapsedMs = 0;
    query::QueryFailure m_failure = query::QueryFailure::None;
    QString m_error;
    QElapsedTimer m_clock; ///< wall time since run() (shown while running)
};

} // namespace rs::views
