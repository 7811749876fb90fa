#include "views/tables/opsummaryview.h"

#include "views/common/sortarrows.h"
#include "views/tables/opsummarymodel.h"
#include "views/tables/opsummarynamedelegate.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace rs::views {

OpSummaryView::OpSummaryView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_model(new OpSummaryModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_table(new QTableView), m_filter(new QLineEdit),
      m_caption(new QLabel), m_empty(new QLabel(m_table->viewport())),
      m_names(new OpSummaryNameDelegate(this)) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    // what the caption says: the table holds compute kernels only (walk 22a read "device kernels" and
    // missed df_index_resolver's largest, 2020 ncclKernel_AllReduce)
    m_filter->setPlaceholderText(tr("Filter op types (MatMul, Cast…): compute kernels of the whole run"));
    m_filter->setClearButtonEnabled(true);
    lay->addWidget(m_filter);
    // wrapped: a cut rank's note (or a long filter) on one line asked the window for 1 857 px and pushed
    // Findings and Details off a 1 600 px screen (walks 20a/20b)
    m_caption->setWordWrap(true);
    // in the empty table's middle, as the heatmap says it: in a low dock the caption under the table was
    // out of view and the tab read as an empty table with no message (walk 25)
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->hide();
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterKeyColumn(OpSummaryModel::OpType);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    pointSortArrows(m_table->horizontalHeader());
    m_table->sortByColumn(OpSummaryModel::Total, Qt::DescendingOrder); // where the device time goes
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // one line per op: a CUDA template name runs to a thousand characters; it is shortened (the tooltip
    // has it whole) so the figures stay beside it, and so that two names never read the same: elided in
    // the middle, "split_embedding_backward_…hted_kernel_cta_per_row_1" was the weighted and the
    // unweighted kernel alike (opsummarynamedelegate.h)
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setItemDelegateForColumn(OpSummaryModel::OpType, m_names);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == OpSummaryModel::OpType) relabel();
    });
    m_table->horizontalHeader()->setStretchLastSection(
        false); // the ratio stays beside its op, not 1000 px away
    lay->addWidget(m_table, 1);
    lay->addWidget(m_caption);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& f) {
        m_proxy->setFilterFixedString(f);
        updateCaption();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { updateCaption(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& cur) { onCurrent(cur); });
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id != m_pending) return;
            m_pending = 0;
            m_model->setData(v.value<std::shared_ptr<const query::HeatmapData>>());
            m_table->resizeColumnsToContents();
            if (m_table->columnWidth(OpSummaryModel::OpType) > kMaxNameWidth)
                m_table->setColumnWidth(OpSummaryModel::OpType, kMaxNameWidth);
            relabel();
            updateCaption();
        });
}

void OpSummaryView::updateCaption() {
    if (m_pending) { // an empty table while the rows are read said nothing (~1.5 s on df_index_resolver)
        m_caption->setText(tr("Loading the op table (compute kernels of the whole run)…"));
        return;
    }
    m_empty->setText(m_model->emptyReason());
    m_empty->setVisible(!m_model->emptyReason().isEmpty());
    m_empty->setGeometry(m_table->viewport()->rect().adjusted(8, 8, -8, -8));
    if (!m_model->emptyReason().isEmpty()) { // no row to filter: why, as the heatmap says it
        m_caption->setText(m_model->emptyReason());
        return;
    }
    const int shown = m_proxy->rowCount(), all = m_model->rowCount();
    const QString cut = m_model->cutNote().isEmpty() ? QString() : " · " + m_model->cutNote();
    m_caption->setText(
        (shown == all ? tr("%1 (op type, rank) rows · compute kernels of the whole run (no communication) "
                           "· click a row to select it")
                            .arg(all)
         : shown == 0
             ? tr("No op type matches \"%1\" among the %2 rows (compute kernels only: communication "
                  "kernels are not in this table; see the Communication tab)")
                   .arg(m_filter->text())
                   .arg(all)
             : tr("%1 of %2 (op type, rank) rows match \"%3\"").arg(shown).arg(all).arg(m_filter->text())) +
        cut);
}

void OpSummaryView::relabel() {
    std::vector<QString> names;
    for (int r = 0; r < m_model->rowCount(); ++r)
        names.push_back(m_model->row(r)->opType);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    m_names->setNames(names, m_table->font(), m_table->columnWidth(OpSummaryModel::OpType));
    m_table->viewport()->update();
}

QString OpSummaryView::captionText() const {
    return m_caption->text();
}

QString OpSummaryView::emptyText() const {
    return m_empty->isVisibleTo(m_table) ? m_empty->text() : QString();
}

void OpSummaryView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    m_empty->setGeometry(m_table->viewport()->rect().adjusted(8, 8, -8, -8));
}

QString OpSummaryView::shownName(const QString& opType) const {
    return m_names->label(opType);
}

void OpSummaryView::setProfile(const std::vector<int>& ranks) {
    m_model->setData(nullptr);
    if (m_service) m_pending = m_service->requestOpRankHeatmap(ranks);
    updateCaption();
}

void OpSummaryView::clearFilter() {
    m_filter->clear();
}

QString OpSummaryView::filterText() const {
    return m_filter->text();
}

void OpSummaryView::onCurrent(const QModelIndex& cur) {
    // only a row the user moved to (a click, the keys): a table that merely got the focus changes nothing
    if (!cur.isValid() || !m_table->hasFocus()) return;
    const auto* r = m_model->row(m_proxy->mapToSource(cur).row());
    if (!r) return;
    Selection s;
    s.kind = Selection::Kind::OpType;
    s.opType = r->opType;
    s.rank = r->rankKey;
    m_state->setSelection(s);
    Q_EMIT rowChosen(s.opType, s.rank);
}

} // namespace rs::views
