#include "views/tables/steprecordstext.h"

#include "core/query/tensortext.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <map>
#include <set>

namespace rs::views {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("DrillDownView", text);
}

/// "a ×60, b ×12, c ×9 and 14 other names": the most frequent first.
QString mostNamed(const std::vector<query::TensorItem>& rows) {
    std::map<std::string, int> counts;
    for (const auto& r : rows)
        ++counts[r.opName];
    std::vector<std::pair<std::string, int>> byCount(counts.begin(), counts.end());
    std::stable_sort(byCount.begin(), byCount.end(), [](auto& a, auto& b) { return a.second > b.second; });
    QStringList shown;
    for (size_t i = 0; i < byCount.size() && i < size_t(kStepRecordNamesShown); ++i)
        shown << QString::fromStdString(byCount[i].first) + QString::fromUtf8(" ×") +
                     QString::number(byCount[i].second);
    QString text = shown.join(", ");
    if (const auto others = qsizetype(byCount.size()) - shown.size(); others > 0)
        text += tr(" and %1 other %2").arg(others).arg(others == 1 ? tr("name") : tr("names"));
    return text;
}

} // namespace

QString stepRecordsText(const std::vector<query::TensorItem>& rows) {
    std::set<std::string> sources;
    size_t scoped = 0; // names of framework ops ("aten::_convolution", "cann::ReduceSum7")
    for (const auto& r : rows) {
        sources.insert(query::sourceName(r.source));
        scoped += r.opName.find("::") != std::string::npos;
    }
    const bool framework = 2 * scoped >= rows.size(); // level1: 169 of 184 (format_contiguousV2 has none)
    QStringList files;
    for (const auto& s : sources)
        files << QString::fromStdString(s);
    const QString head = tr("its %1 %2 there (%3) name ")
                             .arg(rows.size())
                             .arg(rows.size() == 1 ? tr("record") : tr("records"))
                             .arg(files.join(", "));
    if (!framework) return head + mostNamed(rows);
    return head + tr("framework ops: %1. They are the ops that allocated, not the kernels they ran, and %2 "
                     "ties none of them to a kernel")
                      .arg(mostNamed(rows), files.join(tr(" and ")));
}

} // namespace rs::views
