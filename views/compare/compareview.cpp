#include "views/compare/compareview.h"

#include "views/common/timemapping.h"
#include "views/compare/deltagrid.h"
#include "views/compare/stepoverlay.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rs::views {

namespace {
QString subject(const compare::Delta& d) {
    if (d.kind == "op") return QString::fromStdString(d.opType) + (d.statistic == "median" ? " median" : " per step");
    if (d.kind == "step") return QObject::tr("step wall time %1").arg(QString::fromStdString(d.statistic));
    if (d.kind == "comm_wait") return QObject::tr("communication wait per step");
    return d.kind == "memory_allocated" ? QObject::tr("peak allocated") : QObject::tr("peak reserved");
}
QString value(const compare::Delta& d, double v) {
    if (d.kind.rfind("memory", 0) == 0) return QString::asprintf("%.1f MiB", v / 1048576.0);
    return formatDuration(int64_t(v));
}
} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    m_verdict = new QLabel(tr("Choose File ▸ Compare with… to compare this run with another"), this);
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(m_verdict);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_list = new QTreeWidget(split);
    m_list->setHeaderLabels({tr("Δ"), tr("What"), tr("Rank"), tr("Baseline"), tr("Candidate")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setToolTip(tr("Deltas beyond their thresholds, worst first; activate one to select its op type"));
    auto* right = new QSplitter(Qt::Vertical, split);
    m_grid = new DeltaGrid;
    auto* scroll = new QScrollArea(right);
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    m_steps = new StepOverlay(right);
    right->setStretchFactor(0, 3); // the heatmap's rows need the height more than the distributions
    right->setStretchFactor(1, 2);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    lay->addWidget(split, 1);
    connect(m_grid, &DeltaGrid::cellClicked, this, &CompareView::opTypeChosen);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* it) {
        const QString op = it->data(1, Qt::UserRole).toString();
        if (!op.isEmpty()) emit opTypeChosen(op, it->data(2, Qt::UserRole).toInt());
    });
}

QString CompareView::verdictText() const {
    return m_verdict->text();
}

void CompareView::setData(std::shared_ptr<const compare::ComparisonData> d) {
    m_data = std::move(d);
    m_list->clear();
    m_grid->setData(m_data);
    if (!m_data) {
        m_steps->setSteps({}, {});
        return;
    }
    const auto& r = m_data->result;
    QString text = (r.fail() ? tr("<b>FAIL</b>: %1 regression(s)") : tr("<b>PASS</b>: no regression")).arg(r.regressions.size()) +
                   tr(" beyond the thresholds (latency %1 %, memory %2 %, wait %3 %), %4 improvement(s). Baseline %5, "
                      "candidate %6; %7 matched rank(s).")
                       .arg(m_data->options.maxLatencyDelta * 100)
                       .arg(m_data->options.maxMemoryDelta * 100)
                       .arg(m_data->options.maxWaitDelta * 100)
                       .arg(r.improvements.size())
                       .arg(QString::fromStdString(m_data->baseline.profile).toHtmlEscaped(),
                            QString::fromStdString(m_data->candidate.profile).toHtmlEscaped())
                       .arg(r.ranks.size());
    for (const auto& n : r.notes)
        text += "<br><i>" + QString::fromStdString(n).toHtmlEscaped() + "</i>";
    m_verdict->setText(text);
    for (const auto* list : {&r.regressions, &r.improvements})
        for (const auto& dl : *list) {
            auto* it = new QTreeWidgetItem(m_list);
            it->setText(0, QString::asprintf("%+.1f %%", dl.delta * 100));
            it->setText(1, subject(dl));
            it->setText(2, dl.rank ? QString::number(*dl.rank) : tr("all"));
            it->setText(3, value(dl, dl.baseline));
            it->setText(4, value(dl, dl.candidate));
            it->setData(1, Qt::UserRole, QString::fromStdString(dl.opType));
            it->setData(2, Qt::UserRole, dl.rank.value_or(-1));
            it->setForeground(0, list == &r.regressions ? QColor(200, 40, 40) : QColor(40, 120, 60));
        }
    m_steps->setSteps(m_data->baselineStepsNs, m_data->candidateStepsNs);
}

} // namespace rs::views
