#include "app/gui/runchooser.h"

#include "views/common/timemapping.h"

#include <QDateTime>

#include <algorithm>

namespace rs::gui {

RunChooser::RunChooser(QWidget* parent) : QComboBox(parent) {
    setToolTip(tr("This folder holds several runs (different jobs or sessions); the views show one at a time "
                  "and never compare across them"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::activated, this, [this](int i) {
        if (i >= 0 && m_summary && itemData(i).toInt() != m_summary->run)
            Q_EMIT runChosen(itemData(i).toInt());
    });
}

QString RunChooser::label(const query::RunDesc& r) {
    QString ranks;
    std::vector<int> data = r.dataRanks; // in the files' numbers' order (the keys' order read "1,0")
    std::sort(data.begin(), data.end());
    for (size_t i = 0; i < data.size() && i < 6; ++i)
        ranks += (i ? "," : "") + QString::number(data[i]);
    if (data.size() > 6) ranks += QString::fromUtf8("…");
    QString text =
        tr("Run %1: %2, %3 %4")
            .arg(r.run)
            .arg(QString::fromStdString(r.source), r.dataRanks.size() == 1 ? tr("rank") : tr("ranks"), ranks);
    if (r.worldSize) text += tr(" of %1").arg(*r.worldSize);
    if (!r.assignedRanks.empty())
        text += r.assignedRanks.size() == r.dataRanks.size()
                    ? tr(" (numbered by Rankscope: the files name no rank)")
                    : tr(" (%n numbered by Rankscope: their files name no rank)", "",
                         int(r.assignedRanks.size()));
    // a date only where the clock is a wall clock (after 2000): legacy MindSpore counts from its own origin
    constexpr int64_t kYear2000Ns = 946684800LL * 1000000000LL;
    if (r.endNs > r.startNs && r.startNs >= kYear2000Ns)
        text += "  " +
                QDateTime::fromMSecsSinceEpoch(r.startNs / 1000000, Qt::UTC).toString("yyyy-MM-dd hh:mm") +
                " UTC";
    else if (r.endNs > r.startNs)
        text += "  " + tr("(own clock, %1 long)").arg(views::formatDuration(r.endNs - r.startNs));
    // which of the folder's runs it is (walk 23a: the hta folder's six runs read alike)
    if (!r.folder.empty()) text += "  " + tr("in %1").arg(QString::fromStdString(r.folder));
    return text;
}

void RunChooser::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    const QSignalBlocker quiet(this);
    clear();
    if (!m_summary) return;
    for (const auto& r : m_summary->runs) {
        addItem(label(r), r.run);
        if (r.run == m_summary->run) setCurrentIndex(count() - 1);
    }
}

QString RunChooser::shownRun() const {
    if (!m_summary || !severalRuns()) return {};
    QString text = tr("run %1").arg(m_summary->run);
    for (const auto& r : m_summary->runs)
        if (r.run == m_summary->run && !r.folder.empty())
            text += " " + tr("in %1").arg(QString::fromStdString(r.folder));
    return text;
}

std::vector<std::pair<int, QString>> RunChooser::otherRuns() const {
    std::vector<std::pair<int, QString>> out;
    for (int i = 0; i < count(); ++i)
        if (m_summary && itemData(i).toInt() != m_summary->run)
            out.emplace_back(itemData(i).toInt(), itemText(i));
    return out;
}

QString RunChooser::notice() const {
    if (!m_summary || m_summary->runs.size() < 2) return {};
    // why this run, so that a folder does not seem to open on an arbitrary one (walk 25)
    const QString why = m_summary->runWhy.empty()
                            ? QString()
                            : QStringLiteral(" (%1)").arg(QString::fromStdString(m_summary->runWhy));
    return tr("This folder holds %1 runs (different jobs or sessions); showing run %2%3. Choose another in "
              "the toolbar or View ▸ Run; nothing is matched or aligned across runs (File ▸ Compare with run "
              "compares their "
              "statistics).")
        .arg(m_summary->runs.size())
        .arg(m_summary->run)
        .arg(why);
}

} // namespace rs::gui
