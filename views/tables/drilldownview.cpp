#include "views/tables/drilldownview.h"

#include "core/model/stepbounds.h"
#include "core/query/tensortext.h"
#include "core/query/wholetracestep.h"

#include "views/common/filterterms.h"
#include "views/common/plural.h"
#include "views/common/sortarrows.h"

#include "views/tables/opsmodel.h"
#include "views/tables/producerfiguresview.h"
#include "views/tables/steprecordstext.h"
#include "views/tables/stepsmodel.h"
#include "views/tables/tensorsmodel.h"
#include "views/tables/termfilterproxy.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <utility>

namespace rs::views {

DrillDownView::DrillDownView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_steps(new StepsModel(this)),
      m_ops(new OpsModel(this)), m_tensors(new TensorsModel(this)), m_stack(new QStackedWidget),
      m_producer(new ProducerFiguresView), m_crumbs(new QLabel), m_filter(new QLineEdit) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    m_crumbs->setTextFormat(Qt::RichText);
    // the tensor level's line is long: it wraps in the dock instead of widening the main window
    m_crumbs->setWordWrap(true);
    m_crumbs->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_filter->setPlaceholderText(tr("Filter this table"));
    m_filter->setClearButtonEnabled(true);
    lay->addWidget(m_crumbs);
    lay->addWidget(m_filter);
    // the Steps table over msprof-analyze's figures, the user's to share out: the figures keep a least height
    // (a few rows), at the default dock size they were squeezed to a line and easy to miss
    auto* split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_stack);
    split->addWidget(m_producer); // shown by setFigures when the folder has msprof-analyze's summary
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    lay->addWidget(split, 1);
    QAbstractItemModel* models[3] = {m_steps, m_ops, m_tensors};
    for (int i = 0; i < 3; ++i) {
        // the Steps table reads "rank 5" and "step 11" as the track filter does, not as text
        m_proxy[i] = i == 0 ? new TermFilterProxy(StepsModel::Rank, StepsModel::Step, this)
                            : new QSortFilterProxyModel(this);
        m_proxy[i]->setSourceModel(models[i]);
        m_proxy[i]->setSortRole(Qt::UserRole);
        m_proxy[i]->setFilterKeyColumn(-1);
        m_proxy[i]->setFilterCaseSensitivity(Qt::CaseInsensitive);
        auto* t = new QTableView;
        t->setModel(m_proxy[i]);
        t->setSortingEnabled(true);
        pointSortArrows(t->horizontalHeader());
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->verticalHeader()->hide();
        t->verticalHeader()->setDefaultSectionSize(20);
        t->horizontalHeader()->setStretchLastSection(true);
        t->setAlternatingRowColors(true);
        t->setTextElideMode(Qt::ElideMiddle);
        m_tables[i] = t;
        m_stack->addWidget(t);
        // a selected row, not a current one: the row parkCurrent() made current (unselected) emits no
        // currentRowChanged when clicked, and level1's first op then moved nothing (walk 14)
        connect(t->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                [this, i](const QItemSelection& selected) {
                    // the newly selected row (setCurrentIndex selects before it moves the current index)
                    if (!selected.indexes().isEmpty()) onRowSelected(i, selected.indexes().first());
                });
        connect(t, &QTableView::activated, this, [this] { drillDown(); }); // Enter / double-click
    }
    m_tables[0]->sortByColumn(-1, Qt::AscendingOrder);
    // a header's default indicator is descending: level1's op list began at its step's last op
    m_tables[1]->sortByColumn(OpsModel::Start, Qt::AscendingOrder);
    m_tables[2]->sortByColumn(-1, Qt::AscendingOrder);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& f) {
        m_filterText[m_level] = f;
        applyFilter(m_level, f);
    });
    connect(m_state, &InteractionState::selectionChanged, this, &DrillDownView::onSelection);
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id == m_pendingSteps) {
                m_steps->setRows(v.value<std::shared_ptr<const std::vector<query::StepRow>>>());
                m_stepsLoaded = true;
            } else if (id == m_pendingOps)
                m_ops->setRows(v.value<std::shared_ptr<const std::vector<query::OpRow>>>(), m_stepStart,
                               m_stepEnd, m_stepOrigin);
            else if (id == m_pendingTensors)
                showTensors(v.value<std::shared_ptr<const query::TensorRows>>());
            else
                return;
            applyRestore();
            for (int level = 1; level < 3; ++level)
                markSelected(level);
            for (int level = 0; level < 3; ++level)
                parkCurrent(level);
            for (auto* t : m_tables)
                fitColumns(t);
            showCrumbs(); // a filter typed before the rows came: its empty table says why
        });
    setLevel(0);
}

void DrillDownView::setProfile(const std::vector<int>& ranks, const std::map<int, int>& dataRank) {
    // the previous profile's (or run's) rows go first: a click on the tab must not re-select one of them
    m_steps->setRun(std::set<int>(ranks.begin(), ranks.end()), dataRank);
    m_ops->setRows(nullptr, 0, 0, {});
    m_tensors->setRows(nullptr);
    m_tensorsLoaded = false;
    m_rank = -1;
    m_step = -1;
    m_stepsLoaded = false;
    // a filter typed on the last profile would hide this one's rows without a word (walk 12)
    for (int level = 0; level < 3; ++level) {
        m_filterText[level].clear();
        applyFilter(level, QString());
    }
    if (m_service) m_pendingSteps = m_service->requestStepRows();
    setLevel(0);
}

void DrillDownView::applyFilter(int level, const QString& text) {
    if (auto* terms = qobject_cast<TermFilterProxy*>(m_proxy[level]))
        terms->setTerms(text);
    else
        m_proxy[level]->setFilterFixedString(text);
    if (level == m_level) showCrumbs(); // the Steps table's say why no row is left
}

QString DrillDownView::stepFilterEmptyWhy() const {
    // run_2's "step 1" left the table empty without a word, while `export --step 1` said the step is
    // known only from step_trace_raw on another clock (r48d)
    if (!m_summary || m_steps->rowCount() == 0 || m_proxy[0]->rowCount() > 0) return {};
    const auto clauses = parseFilterClauses(m_filterText[0], true);
    if (clauses.size() != 1 || !clauses[0].steps || clauses[0].steps->first != clauses[0].steps->second ||
        !clauses[0].phrase.isEmpty())
        return {};
    std::vector<int> ranks; // the clause's ranks (the data's numbers), else every rank of the run
    for (int key : m_summary->ranks)
        if (const auto& r = clauses[0].ranks;
            !r || (m_summary->shownRank(key) >= r->first && m_summary->shownRank(key) <= r->second))
            ranks.push_back(key);
    return QString::fromStdString(query::lackingStepText(*m_summary, ranks, clauses[0].steps->first));
}

void DrillDownView::fitColumns(QTableView* t) {
    // A CUDA kernel's name (hundreds of characters) made its column wider than the view, and a click on it
    // scrolled the table sideways until "start in step" was out of sight (walk 13): no column gets more than
    // two fifths of the view; a cut name keeps both ends, and its tooltip holds it whole.
    t->resizeColumnsToContents();
    const int cap = std::max(160, t->viewport()->width() * 2 / 5);
    for (int c = 0; c < t->model()->columnCount(); ++c)
        if (t->columnWidth(c) > cap) t->setColumnWidth(c, cap);
}

void DrillDownView::parkCurrent(int level) {
    // a table that gains the focus makes its first row current, which selected that step (and moved the
    // timeline) when the user only clicked the tab: the first row is current from the start, unselected
    QTableView* t = m_tables[level];
    if (!t->model() || t->model()->rowCount() == 0 || t->currentIndex().isValid()) return;
    const bool was = m_syncing;
    m_syncing = true;
    t->selectionModel()->setCurrentIndex(t->model()->index(0, 0), QItemSelectionModel::NoUpdate);
    m_syncing = was;
}

QTableView* DrillDownView::table(int level) const {
    return m_tables[level];
}

void DrillDownView::showTensors(std::shared_ptr<const query::TensorRows> list) {
    // none named after the op: its collective algorithm's buffers in the step, then its type's there,
    // then every record of the step, to say what they name instead
    if (m_tensorScope != TensorScope::StepRecords && (!list || list->rows.empty()) && m_service) {
        if (m_tensorScope == TensorScope::Op) {
            m_tensorScope = TensorScope::CollectiveInStep;
            m_pendingTensors = m_service->requestCollectiveTensorRows(m_rank, m_opName, m_opStartNs);
        } else if (m_tensorScope == TensorScope::CollectiveInStep) {
            m_tensorScope = TensorScope::OpTypeInStep;
            m_pendingTensors = m_service->requestTensorRows(m_rank, m_step, m_op);
        } else {
            m_tensorScope = TensorScope::StepRecords;
            m_pendingTensors = m_service->requestTensorRows(m_rank, m_step, QString());
        }
        setLevel(m_level); // the breadcrumbs say which list this is
        return;
    }
    if (m_tensorScope == TensorScope::StepRecords) { // not the op's: described, not listed
        m_stepRecords = list && !list->rows.empty() ? stepRecordsText(list->rows) : QString();
        list = nullptr;
    }
    if (m_tensorScope == TensorScope::CollectiveInStep && list && !list->rows.empty())
        m_tiedName = QString::fromStdString(list->rows.front().opName);
    m_tensorsLeftOut = list ? list->withoutAddressLeftOut : 0;
    // the model shares the answer's rows (an aliasing pointer: no copy)
    m_tensors->setRows(list ? std::shared_ptr<const std::vector<query::TensorItem>>(list, &list->rows)
                            : nullptr);
    m_tensorsLoaded = true;
    if (m_level == 2) setLevel(m_level); // an empty list says why in the breadcrumbs
}

QString DrillDownView::tensorTitle() const {
    if (m_op.isEmpty()) return tr("all tensors");
    switch (m_tensorScope) {
    case TensorScope::CollectiveInStep:
        if (m_tensorsLoaded && !m_tiedName.isEmpty())
            return tr("%1 tensors of %2 (the memory records name the collective's algorithm, not %3; "
                      "any %1 of the step may have allocated them)")
                .arg(m_tiedName.toHtmlEscaped())
                .arg(stepText(true))
                .arg(m_opName.toHtmlEscaped());
        [[fallthrough]]; // still looking: the op's own
    case TensorScope::Op:
        // how they were matched: a record names the kernel it was allocated for, at its launch, before the
        // device ran it (walk 53b: text/level1's Conv2D1 173 µs before), or the op type while it ran
        return tr("tensors allocated for %1 (records naming it, a \"cann::\" prefix aside, allocated in "
                  "its step at the kernel's launch, matched in order to the step's ops of that name; or "
                  "naming its type %2 while it ran)")
            .arg(m_opName.toHtmlEscaped(), m_op.toHtmlEscaped());
    case TensorScope::OpTypeInStep:
    case TensorScope::StepRecords:
        break;
    }
    return tr("%1 tensors in the step (none is recorded for %2 itself)")
        .arg(m_op.toHtmlEscaped(), m_opName.toHtmlEscaped());
}

void DrillDownView::followStep(const query::StepRow& r) {
    const auto b = query::boundsOf(r.wall, r.startNs, r.endNs);
    m_stepStart = b.startNs;
    m_stepEnd = b.endNs;
    m_stepOrigin = QString::fromStdString(model::stepBoundsText(b));
    m_wholeTrace = r.wall.source == model::WallSource::WholeTrace;
}

QString DrillDownView::stepText(bool inSentence) const {
    // walk 30: run_2's one row, its rank's whole trace, read "rank 1 · step 0"
    if (m_wholeTrace) return inSentence ? tr("the whole trace") : tr("whole trace");
    return tr("step %1").arg(m_step);
}

QString DrillDownView::breadcrumbs() const {
    QString s = m_level == 0 ? tr("<b>Steps</b>") : tr("Steps");
    if (const QString why = m_level == 0 ? stepFilterEmptyWhy() : QString(); !why.isEmpty())
        s += tr(" — <i>no row: %1</i>").arg(why.toHtmlEscaped());
    if (m_level >= 1)
        s += QString::fromUtf8(" ▸ ") + (m_level == 1 ? "<b>" : "") +
             tr("rank %1 · %2").arg(m_steps->shownRank(m_rank)).arg(stepText()) +
             (m_level == 1 ? "</b>" : "");
    // where "start in step" counts from, on the level that shows it
    if (m_level == 1 && !m_stepOrigin.isEmpty())
        s += " <span style='color:gray'>" +
             tr("(start in step: counted from the step's start, the step being %1; an op of the step's band "
                "outside it says \"before step\" or \"after step\")")
                 .arg(m_stepOrigin.toHtmlEscaped()) +
             "</span>";
    if (m_level >= 2) s += QString::fromUtf8(" ▸ <b>") + tensorTitle() + "</b>";
    if (m_level >= 2 && m_tensorsLoaded && m_tensorsLeftOut > 0) // counted: Qt's %n prints "row(s)"
        s += tr(" (and %1 without a device address left out: the same allocations, recorded again by "
                "another file a few µs apart, as in the memory map)")
                 .arg(counted(m_tensorsLeftOut, tr("row"), tr("rows")));
    if (m_level >= 2 && m_tensorsLoaded && m_tensors->rowCount() == 0)
        s += tr(" — <i>no memory record of rank %1 in %2 names this op, its type or its collective "
                "algorithm: %3</i>")
                 .arg(m_steps->shownRank(m_rank))
                 .arg(stepText(true))
                 .arg(m_stepRecords.isEmpty() ? tr("the rank has none in the step at all")
                                              : m_stepRecords.toHtmlEscaped());
    return s;
}

void DrillDownView::setProducerFigures(const QStringList& lines, const QStringList& header,
                                       const std::vector<QStringList>& rows, const QStringList& headerTips) {
    m_producer->setFigures(lines, header, rows, headerTips);
    m_producer->setVisible(m_level == 0 && m_producer->hasFigures());
}

void DrillDownView::setLevel(int level) {
    m_level = level;
    m_stack->setCurrentIndex(level);
    m_producer->setVisible(level == 0 && m_producer->hasFigures()); // beside the Steps, not the ops
    m_filter->blockSignals(true);
    m_filter->setText(m_filterText[level]); // as typed: the proxy's pattern is regex-escaped ("aten\\:\\:")
    m_filter->blockSignals(false);
    showCrumbs();
    if (!m_keepFocus) m_tables[level]->setFocus();
}

void DrillDownView::showCrumbs() {
    m_crumbs->setText(breadcrumbs() +
                      tr("  <span style='color:gray'>(Enter: drill down · Backspace: up)</span>"));
}

void DrillDownView::drillDown() {
    QModelIndex cur = m_tables[m_level]->currentIndex();
    if (!cur.isValid() || !m_service) return;
    QModelIndex src = m_proxy[m_level]->mapToSource(cur);
    if (m_level == 0) {
        if (const auto* r = m_steps->row(src.row())) openStep(*r);
    } else if (m_level == 1) {
        if (const auto* r = m_ops->row(src.row()))
            openOp(QString::fromStdString(r->opType), QString::fromStdString(r->name), r->startNs,
                   r->startNs + r->durNs);
    }
}

void DrillDownView::openStep(const query::StepRow& r) {
    m_rank = r.rank;
    m_step = r.step;
    followStep(r);
    m_ops->setRows(nullptr, 0, 0, {});
    m_pendingOps = m_service->requestOpRows(m_rank, m_step);
    setLevel(1);
}

void DrillDownView::openOp(const QString& opType, const QString& opName, qint64 startNs, qint64 endNs) {
    // the tensors this op allocated (its name or type, while it ran); the op type's in the step when
    // the memory records name none of it (said in the breadcrumbs)
    m_op = opType;
    m_opName = opName;
    m_opStartNs = startNs;
    m_opEndNs = endNs;
    m_tensorScope = TensorScope::Op;
    m_stepRecords.clear();
    m_tiedName.clear();
    m_tensorsLoaded = false;
    m_tensorsLeftOut = 0;
    m_tensors->setRows(nullptr);
    m_pendingTensors = m_service->requestOpTensorRows(m_rank, m_opName, m_op, startNs, endNs);
    setLevel(2);
}

DrillPath DrillDownView::path() const {
    if (m_restore) return *m_restore; // not applied yet: still the saved view's
    DrillPath p;
    p.level = m_level;
    if (m_level >= 1) p.rank = m_rank, p.step = m_step;
    if (m_level >= 2) {
        p.opType = m_op;
        p.opName = m_opName;
        p.opStartNs = m_opStartNs;
        p.opEndNs = m_opEndNs;
    }
    return p;
}

void DrillDownView::restorePath(const DrillPath& p) {
    m_restore = p;
    if (m_stepsLoaded) applyRestore();
}

void DrillDownView::applyRestore() {
    if (!m_restore || !m_stepsLoaded || !m_service) return;
    const DrillPath p = *std::exchange(m_restore, std::nullopt);
    m_keepFocus = true; // a view reopened moves no focus into a dock's table
    if (p.level <= 0 && m_level != 0) setLevel(0);
    for (int r = 0; p.level > 0 && r < m_steps->rowCount(); ++r)
        if (const auto* row = m_steps->row(r); row->rank == p.rank && row->step == p.step) {
            m_syncing = true; // the step's row marked, without selecting it everywhere
            m_tables[0]->setCurrentIndex(m_proxy[0]->mapFromSource(m_steps->index(r, 0)));
            m_syncing = false;
            openStep(*row);
            if (p.level >= 2) openOp(p.opType, p.opName, p.opStartNs, p.opEndNs);
            break;
        }
    m_keepFocus = false;
}

void DrillDownView::markSelected(int level) {
    const Selection& s = m_state->selection();
    QAbstractItemModel* model = level == 1 ? static_cast<QAbstractItemModel*>(m_ops) : m_tensors;
    for (int r = 0; r < model->rowCount(); ++r) {
        bool hit = false;
        if (level == 1)
            if (const auto* op = m_ops->row(r))
                hit = s.kind == Selection::Kind::Span ? op->spanId == s.spanId
                                                      : m_level == 2 && op->startNs == m_opStartNs &&
                                                            QString::fromStdString(op->name) == m_opName;
        if (level == 2)
            if (const auto* t = m_tensors->row(r))
                hit = s.kind == Selection::Kind::Tensor && QString::fromStdString(t->tensorId) == s.tensorId;
        if (!hit) continue;
        const QModelIndex idx = m_proxy[level]->mapFromSource(model->index(r, 0));
        if (m_tables[level]->currentIndex() == idx) return; // marked already (or by the user)
        m_syncing = true;
        m_tables[level]->setCurrentIndex(idx);
        m_tables[level]->scrollTo(idx);
        m_syncing = false;
        return;
    }
}

void DrillDownView::goUp() {
    if (m_level > 0) setLevel(m_level - 1);
}

void DrillDownView::keyPressEvent(QKeyEvent* e) {
    if (e->key() == Qt::Key_Backspace)
        goUp();
    else if (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter)
        drillDown();
    else
        QWidget::keyPressEvent(e);
}

void DrillDownView::onRowSelected(int level, const QModelIndex& cur) {
    if (m_syncing || !cur.isValid() || level != m_level) return;
    QModelIndex src = m_proxy[level]->mapToSource(cur);
    Selection s;
    if (level == 0) {
        const auto* r = m_steps->row(src.row());
        if (!r) return;
        s.kind = Selection::Kind::Step;
        s.rank = r->rank;
        s.step = r->step;
        // the step's bounds as its row gives them (its wall's interval), everywhere: Details, the
        // window, the op list's "start in step" (core/model/stepbounds.h)
        const auto b = query::boundsOf(r->wall, r->startNs, r->endNs);
        s.startNs = b.startNs;
        s.endNs = b.endNs;
        const int64_t pad = (s.endNs - s.startNs) / 20;
        m_state->setWindow(s.startNs - pad, s.endNs + pad); // the step on all ranks
    } else if (level == 1) {
        const auto* r = m_ops->row(src.row());
        if (!r) return;
        s.kind = Selection::Kind::Span;
        s.rank = m_rank;
        s.spanId = r->spanId;
        s.step = m_step;
        s.opType = QString::fromStdString(r->opType);
        s.startNs = r->startNs;
        s.endNs = r->startNs + r->durNs;
        // the timeline goes to the op (it stayed on the whole step, where the op was a sliver)
        const qint64 pad = std::max<qint64>(r->durNs * 4, 20000);
        m_state->setWindow(r->startNs - pad, r->startNs + r->durNs + pad);
    } else {
        const auto* t = m_tensors->row(src.row());
        if (!t) return;
        s.kind = Selection::Kind::Tensor;
        s.rank = m_rank;
        s.tensorId = QString::fromStdString(t->tensorId);
        s.tensorName = QString::fromStdString(query::tensorName(*t));
        s.opType = QString::fromStdString(t->opName);
        s.startNs = t->allocNs.value_or(0);
        s.endNs = t->freeNs.value_or(s.startNs);
        if (t->allocStep) s.step = int64_t(std::floor(*t->allocStep));
        s.bytes = t->sizeBytes;
        if (t->addr) s.addr = *t->addr;
    }
    m_state->setSelection(s);
}

void DrillDownView::onSelection(const Selection& s) {
    // Follow step selections made elsewhere (a finding, a wait on the timeline) in the Steps table.
    if (m_level != 0) return;
    if (s.kind != Selection::Kind::Step) {
        markStepOf(s);
        return;
    }
    for (int r = 0; r < m_steps->rowCount(); ++r) {
        const auto* row = m_steps->row(r);
        if (row->rank == s.rank && row->step == s.step) {
            m_syncing = true;
            QModelIndex idx = m_proxy[0]->mapFromSource(m_steps->index(r, 0));
            m_tables[0]->setCurrentIndex(idx);
            m_tables[0]->scrollTo(idx);
            m_syncing = false;
            m_rank = s.rank;
            m_step = s.step;
            followStep(*row);
            break;
        }
    }
}

void DrillDownView::markStepOf(const Selection& s) {
    // another selection replaces the step's: the row chosen before stays highlighted no longer (walk17b #9:
    // a finding on rank 0 step 2 left rank 3 step 1 marked); a span's own step row is marked instead, without
    // acting on it
    m_syncing = true;
    m_tables[0]->selectionModel()->clearSelection();
    if (s.rank >= 0 && s.step >= 0)
        for (int r = 0; r < m_steps->rowCount(); ++r)
            if (const auto* row = m_steps->row(r); row->rank == s.rank && row->step == s.step) {
                const QModelIndex idx = m_proxy[0]->mapFromSource(m_steps->index(r, 0));
                m_tables[0]->selectionModel()->select(idx, QItemSelectionModel::ClearAndSelect |
                                                               QItemSelectionModel::Rows);
                m_tables[0]->scrollTo(idx);
                break;
            }
    m_syncing = false;
}

} // namespace rs::views
