#include "views/tables/sqlresultmodel.h"

#include "views/common/plural.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>

namespace rs::views {

namespace {
constexpr int kCellChars = 500;     ///< a cell shows this much of a long value
constexpr int kTooltipChars = 4000; ///< and its tooltip this much

bool looksNumeric(std::string_view s) {
    if (s.empty() || s.size() > 40) return false;
    size_t i = s[0] == '-' ? 1 : 0;
    bool digit = false;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c >= '0' && c <= '9')
            digit = true;
        else if (c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-')
            return false;
    }
    return digit;
}

QString seconds(qint64 ms) {
    return QString::number(double(ms) / 1000.0, 'f', ms < 10000 ? 2 : 1) + " s";
}
} // namespace

SqlResultModel::SqlResultModel(query::SqlConsoleService* service, QObject* parent)
    : QAbstractTableModel(parent), m_service(service) {
    connect(m_service, &query::SqlConsoleService::started, this, &SqlResultModel::onStarted);
    connect(m_service, &query::SqlConsoleService::rowsReady, this, &SqlResultModel::onRows);
    connect(m_service, &query::SqlConsoleService::failed, this, &SqlResultModel::onFailed);
}

void SqlResultModel::run(const QString& sql) {
    beginResetModel();
    m_pages.clear();
    m_pageStart.clear();
    m_rows = 0;
    m_columns.clear();
    m_namesSpans = false;
    m_failure = query::QueryFailure::None;
    m_error.clear();
    m_elapsedMs = 0;
    m_sql = sql;
    m_state = State::Running;
    m_fetching = false;
    m_fetchHeld = false;
    m_id = m_service->run(sql);
    m_clock.start();
    endResetModel();
    Q_EMIT changed();
}

void SqlResultModel::cancel() {
    if (m_state == State::Running || m_state == State::Paging) m_service->cancel();
}

void SqlResultModel::onStarted(quint64 id, const QStringList& columns) {
    if (id != m_id) return;
    beginResetModel();
    m_columns = columns;
    std::vector<std::string> names;
    for (const auto& c : columns)
        names.push_back(c.toLower().toStdString());
    const auto has = [&](const char* n) { return std::find(names.begin(), names.end(), n) != names.end(); };
    m_namesSpans = has("span_id") || (has("rank") && (has("ts_ns") || has("start_ns")));
    endResetModel();
}

void SqlResultModel::onRows(quint64 id, const std::shared_ptr<const query::ResultPage>& page, bool done,
                            qint64 elapsedMs) {
    if (id != m_id) return;
    m_fetching = false;
    m_elapsedMs = elapsedMs;
    const qint64 n = std::min<qint64>(page->rows(), kMaxRows - m_rows);
    if (n > 0) {
        beginInsertRows({}, int(m_rows), int(m_rows + n - 1));
        m_pageStart.push_back(m_rows);
        m_pages.push_back(page);
        m_rows += n;
        endInsertRows();
    }
    if (m_state == State::Running || m_state == State::Paging)
        m_state = done ? State::Done : m_rows >= kMaxRows ? State::Capped : State::Paging;
    if (m_state == State::Capped) m_service->cancel(); // the grid is full: the statement can go
    Q_EMIT changed();
}

void SqlResultModel::onFailed(quint64 id, int failure, const QString& message, qint64) {
    if (id != m_id || m_state == State::Capped) return;
    m_fetching = false;
    m_state = State::Failed;
    m_failure = query::QueryFailure(failure);
    m_error = message;
    Q_EMIT changed();
}

QString SqlResultModel::statusText() const {
    const QString rows = counted(m_rows, tr("row"), tr("rows"));
    switch (m_state) {
    case State::Empty:
        return tr("Ctrl+Enter runs the statement (one, read-only, at most %1)")
            .arg(QString::fromStdString(query::budgetText(m_service->budgetMs())));
    case State::Running:
        return tr("running… (Cancel stops it)");
    case State::Paging:
        return tr("%1 fetched · %2 · more rows exist: scroll past the last row or press Ctrl+End for the "
                  "next %3")
            .arg(rows, seconds(m_elapsedMs))
            .arg(query::SqlConsoleService::kPageRows);
    case State::Done:
        return tr("%1 · %2").arg(rows, seconds(m_elapsedMs));
    case State::Capped:
        return tr("the first %1 (the grid holds no more; Export CSV writes every row)").arg(rows);
    case State::Failed:
        if (m_failure == query::QueryFailure::Cancelled) return tr("cancelled after %1").arg(rows);
        return m_rows > 0 ? tr("stopped after %1").arg(rows) : tr("no result");
    }
    return {};
}

std::pair<const query::ResultPage*, int64_t> SqlResultModel::locate(int row) const {
    if (row < 0 || row >= m_rows) return {nullptr, 0};
    const auto it = std::upper_bound(m_pageStart.begin(), m_pageStart.end(), qint64(row)) - 1;
    const size_t page = size_t(it - m_pageStart.begin());
    return {m_pages[page].get(), row - *it};
}

QString SqlResultModel::cellText(int row, int column) const {
    const auto [page, r] = locate(row);
    if (!page || column < 0 || column >= page->columns()) return {};
    const auto v = page->cell(r, column);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

bool SqlResultModel::isNull(int row, int column) const {
    const auto [page, r] = locate(row);
    return page && column >= 0 && column < page->columns() && page->isNull(r, column);
}

std::optional<query::SpanRef> SqlResultModel::spanRef(int row) const {
    const auto [page, r] = locate(row);
    if (!page || !m_namesSpans) return std::nullopt;
    std::vector<std::string> names, values;
    std::vector<bool> nulls;
    for (int c = 0; c < page->columns() && c < m_columns.size(); ++c) {
        names.push_back(m_columns[c].toStdString());
        values.emplace_back(page->cell(r, c));
        nulls.push_back(page->isNull(r, c));
    }
    return query::spanRefFromRow(names, values, nulls);
}

int SqlResultModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows);
}

int SqlResultModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant SqlResultModel::data(const QModelIndex& index, int role) const {
    const auto [page, r] = locate(index.row());
    if (!page || index.column() >= page->columns()) return {};
    const bool null = page->isNull(r, index.column());
    const auto v = page->cell(r, index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (null) return QStringLiteral("NULL");
        if (v.size() > size_t(kCellChars))
            return QString::fromUtf8(v.data(), kCellChars) + QString::fromUtf8("…");
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    case Qt::ToolTipRole:
        if (null || v.size() <= 60) return {};
        return QString::fromUtf8(v.data(), qsizetype(std::min(v.size(), size_t(kTooltipChars))));
    case Qt::TextAlignmentRole:
        return looksNumeric(v) ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ForegroundRole:
        return null ? QVariant(QGuiApplication::palette().color(QPalette::PlaceholderText)) : QVariant();
    case Qt::FontRole:
        if (!null) return {};
        {
            QFont f;
            f.setItalic(true);
            return f;
        }
    default:
        return {};
    }
}

QVariant SqlResultModel::headerData(int section, Qt::Orientation o, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (o == Qt::Vertical) return section + 1;
    return section >= 0 && section < m_columns.size() ? m_columns[section] : QVariant();
}

bool SqlResultModel::hasResult() const {
    switch (m_state) {
    case State::Done:
    case State::Paging:
    case State::Capped:
        return true;
    case State::Failed:
        return m_rows > 0; // stopped after some rows: the statement itself reads
    case State::Empty:
    case State::Running:
        return false;
    }
    return false;
}

bool SqlResultModel::canFetchMore(const QModelIndex& parent) const {
    return !parent.isValid() && moreRows() && !m_fetching && !m_fetchHeld;
}

void SqlResultModel::fetchMore(const QModelIndex& parent) {
    if (parent.isValid() || !moreRows() || m_fetching) return;
    m_fetching = true;
    m_service->fetchMore(m_id, int(std::min<qint64>(query::SqlConsoleService::kPageRows, kMaxRows - m_rows)));
    Q_EMIT changed();
}

} // namespace rs::views
