#pragma once
// The Findings panel's table: one row per finding of the run shown, in the report's order (by time lost),
// with typed columns — kind, rank (a pipeline wait's: the ranks it names, "0-1"), step (its steps), cost (the
// job's lost time, else the extra kernel time), the report's sentence. Sortable through a proxy (SortRole
// holds numbers for the numeric columns). Built from the typed records of app/gui/finding.h. GUI thread only.
#include "app/gui/finding.h"

#include <QAbstractTableModel>
#include <map>

namespace rs::gui {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Kind, Rank, Step, Cost, Text, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; ///< numbers for Rank, Step and Cost; text otherwise

    explicit FindingsModel(QObject* parent = nullptr);
    /// `dataRank`: rank key → the number the producer wrote (the label shown), as in ProfileSummary.
    void setFindings(std::vector<Finding> findings, std::map<int, int> dataRank = {});
    const std::vector<Finding>& findings() const { return m_findings; }
    const Finding& finding(int row) const { return m_findings.at(size_t(row)); }
    /// Whether the sentence starts with its kind ("stall: rank 5 stalled …"): the panel hides the Kind
    /// column in a narrow dock, and the sentence does not say it (walk 52, 800 × 600).
    void setKindInText(bool on);
    bool kindInText() const { return m_kindInText; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    /// What the finding's lost time is, as a sentence for its tooltip and Details ("" without one). A
    /// pipeline wait's is the job's wall time in the receives (per step the longest waiting rank's wait),
    /// not what the ranks sat in them together (walk 55b: "sat 844 ms" of 1.69 s).
    static QString lostSentence(const Finding& f);

  private:
    QVariant display(const Finding& f, int column) const;
    QVariant sortValue(const Finding& f, int column) const;
    /// A finding of several ranks with no culprit (a pipeline wait): its cells list the ranks and steps
    static bool multiRank(const Finding& f);
    int dataRank(int rank) const; ///< the label of rank key `rank`
    std::vector<Finding> m_findings;
    std::map<int, int> m_dataRank;
    bool m_kindInText = false;
};

} // namespace rs::gui
