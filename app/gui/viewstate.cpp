#include "app/gui/viewstate.h"

#include "core/model/jsonparse.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace rs::gui {

namespace {

const char* kindName(views::Selection::Kind k) {
    switch (k) {
    case views::Selection::Kind::Span:
        return "span";
    case views::Selection::Kind::Step:
        return "step";
    case views::Selection::Kind::OpType:
        return "op";
    case views::Selection::Kind::Tensor:
        return "tensor";
    case views::Selection::Kind::CommLink:
        return "link";
    case views::Selection::Kind::None:
        break;
    }
    return "none";
}

/// What Details shows of a selected tensor beside its key: its step, name, size and address. A reopened
/// view without them said only "allocated by MatMulV2 on rank 0" and two times (walk 52).
void tensorFactsJson(const views::Selection& s, nlohmann::json& j) {
    if (s.step >= 0) j["step"] = s.step;
    if (!s.tensorName.isEmpty()) j["tensor_name"] = s.tensorName.toStdString();
    if (s.bytes >= 0) j["bytes"] = s.bytes;
    // hex as Details writes it: an address is read by people, and JSON readers lose 64-bit integers
    if (s.addr) {
        std::string hex = "0x"; // appended: GCC 12 warns falsely on a `"0x" + std::string` chain
        hex.append(QString::number(*s.addr, 16).toStdString());
        j["addr"] = hex;
    }
}

void tensorFactsFrom(const nlohmann::json& j, views::Selection& s) {
    s.tensorName = QString::fromStdString(j.value("tensor_name", std::string()));
    if (j.contains("bytes") && j["bytes"].is_number_integer()) s.bytes = j["bytes"].get<qint64>();
    if (j.contains("addr") && j["addr"].is_string()) {
        QString hex = QString::fromStdString(j["addr"].get<std::string>());
        if (hex.startsWith("0x")) hex.remove(0, 2);
        bool ok = false;
        const quint64 a = hex.toULongLong(&ok, 16);
        if (ok) s.addr = a;
    }
}

nlohmann::json selectionJson(const views::Selection& s) {
    nlohmann::json j = {{"kind", kindName(s.kind)}, {"rank", s.rank}};
    if (s.kind == views::Selection::Kind::Span) j["span_id"] = s.spanId;
    if (s.kind == views::Selection::Kind::Step) j["step"] = s.step;
    if (s.kind == views::Selection::Kind::CommLink) {
        j["step"] = s.step;
        j["group"] = s.group.toStdString();
        j["link"] = {s.linkSrc, s.linkDst};
    }
    if (!s.opType.isEmpty()) j["op_type"] = s.opType.toStdString();
    if (!s.moreOpTypes.empty()) {
        j["more_op_types"] = nlohmann::json::array();
        for (const QString& op : s.moreOpTypes)
            j["more_op_types"].push_back(op.toStdString());
    }
    if (!s.tensorId.isEmpty()) j["tensor_id"] = s.tensorId.toStdString();
    if (s.kind == views::Selection::Kind::Tensor) tensorFactsJson(s, j);
    if (s.endNs > s.startNs) j["extent_ns"] = {s.startNs, s.endNs};
    return j;
}

views::Selection selectionFrom(const nlohmann::json& j) {
    views::Selection s;
    const std::string k = j.value("kind", "none");
    s.kind = k == "span"     ? views::Selection::Kind::Span
             : k == "step"   ? views::Selection::Kind::Step
             : k == "op"     ? views::Selection::Kind::OpType
             : k == "tensor" ? views::Selection::Kind::Tensor
             : k == "link"   ? views::Selection::Kind::CommLink
                             : views::Selection::Kind::None;
    s.rank = j.value("rank", -1);
    s.spanId = j.value("span_id", qint64(0));
    s.step = j.value("step", qint64(-1));
    s.opType = QString::fromStdString(j.value("op_type", std::string()));
    if (j.contains("more_op_types") && j["more_op_types"].is_array())
        for (const auto& op : j["more_op_types"])
            if (op.is_string()) s.moreOpTypes.push_back(QString::fromStdString(op.get<std::string>()));
    s.tensorId = QString::fromStdString(j.value("tensor_id", std::string()));
    if (s.kind == views::Selection::Kind::Tensor) tensorFactsFrom(j, s);
    s.group = QString::fromStdString(j.value("group", std::string()));
    if (j.contains("link") && j["link"].is_array() && j["link"].size() == 2 &&
        j["link"][0].is_number_integer() && j["link"][1].is_number_integer()) {
        s.linkSrc = j["link"][0].get<qint64>();
        s.linkDst = j["link"][1].get<qint64>();
    }
    if (j.contains("extent_ns") && j["extent_ns"].is_array() && j["extent_ns"].size() == 2) {
        s.startNs = j["extent_ns"][0].get<qint64>();
        s.endNs = j["extent_ns"][1].get<qint64>();
    }
    return s;
}

/// `path` relative to `fileDir` when it lies inside it or beside it: portable with the file.
QString portablePath(const QString& path, const QString& fileDir) {
    const QString rel = QDir(fileDir).relativeFilePath(path);
    return rel.startsWith("../..") ? path : rel;
}

/// A path as read: relative ones are resolved against the .rsview's folder.
QString resolvedPath(const std::string& path, const QString& file) {
    const QString p = QString::fromStdString(path);
    return QFileInfo(p).isRelative() ? QDir::cleanPath(QFileInfo(file).absoluteDir().filePath(p)) : p;
}

nlohmann::json comparisonJson(const SavedComparison& c, const QString& fileDir) {
    nlohmann::json j = {{"with", portablePath(c.with, fileDir).toStdString()},
                        {"open_is", c.openIsBaseline ? "baseline" : "candidate"}};
    if (c.run) j["run"] = *c.run;
    return j;
}

nlohmann::json areaJson(const views::MarkedArea& a) {
    return {
        {"t0_ns", a.t0}, {"t1_ns", a.t1}, {"tracks", a.trackIds}, {"ranks", a.ranks}, {"aligned", a.aligned}};
}

views::MarkedArea areaFrom(const nlohmann::json& j) {
    views::MarkedArea a;
    a.t0 = j.at("t0_ns").get<qint64>();
    a.t1 = j.at("t1_ns").get<qint64>();
    a.trackIds = j.value("tracks", std::vector<qint64>{});
    a.ranks = j.value("ranks", std::vector<int>{});
    a.aligned = j.value("aligned", false);
    return a;
}

nlohmann::json drillJson(const views::DrillPath& d) {
    static const char* kLevels[] = {"steps", "ops", "tensors"};
    nlohmann::json j = {{"level", kLevels[std::clamp(d.level, 0, 2)]}, {"rank", d.rank}, {"step", d.step}};
    if (d.level >= 2)
        j["op"] = {{"type", d.opType.toStdString()},
                   {"name", d.opName.toStdString()},
                   {"start_ns", d.opStartNs},
                   {"end_ns", d.opEndNs}};
    return j;
}

views::DrillPath drillFrom(const nlohmann::json& j) {
    views::DrillPath d;
    const std::string level = j.at("level").get<std::string>();
    d.level = level == "tensors" ? 2 : level == "ops" ? 1 : 0;
    d.rank = j.value("rank", -1);
    d.step = j.value("step", qint64(-1));
    if (d.level >= 2) {
        const auto& op = j.at("op");
        d.opType = QString::fromStdString(op.value("type", std::string()));
        d.opName = QString::fromStdString(op.at("name").get<std::string>());
        d.opStartNs = op.at("start_ns").get<qint64>();
        d.opEndNs = op.at("end_ns").get<qint64>();
    }
    return d;
}

SavedComparison comparisonFrom(const nlohmann::json& j, const QString& file) {
    SavedComparison c;
    c.with = resolvedPath(j.at("with").get<std::string>(), file);
    if (j.contains("run") && !j["run"].is_null()) c.run = j["run"].get<int>();
    c.openIsBaseline = j.value("open_is", std::string("candidate")) == "baseline";
    return c;
}

/// The heatmap's layout of a .rsview ("op_rank", "op_step" of a rank key, "rank_step" of an op); an
/// unknown layout, or one without its rank or op, is op × rank.
void readHeatmapLayout(const nlohmann::json& h, ViewState& s) {
    const std::string layout = h.value("layout", std::string());
    s.heatmapMode = 0;
    if (layout == "op_step" && h.contains("rank") && h["rank"].is_number_integer()) {
        s.heatmapMode = 1;
        s.heatmapRank = h["rank"].get<int>();
    } else if (layout == "rank_step" && h.contains("op") && h["op"].is_string()) {
        s.heatmapMode = 2;
        s.heatmapOp = QString::fromStdString(h["op"].get<std::string>());
    }
}

} // namespace

QString viewStateToJson(const ViewState& s, const QString& fileDir) {
    const QString profile = portablePath(s.profile, fileDir);
    nlohmann::json j = {{"rankscope_view", kViewStateFormat},
                        {"profile", profile.toStdString()},
                        {"selection", selectionJson(s.selection)},
                        {"ranks", s.ranks},
                        {"collapsed", s.collapsed},
                        {"pinned_tracks", s.pinned},
                        {"view", s.view.toStdString()},
                        {"aligned", s.aligned},
                        {"show_waits", s.showWaits},
                        {"window_flows", s.windowFlows},
                        {"scroll", s.scroll}};
    if (s.run) j["run"] = *s.run;
    if (s.window) j["window"] = {{"t0_ns", s.window->first}, {"t1_ns", s.window->second}};
    if (!s.heatmapStatistic.isEmpty()) j["heatmap_statistic"] = s.heatmapStatistic.toStdString();
    if (s.heatmapMode == 0) j["heatmap"] = {{"layout", "op_rank"}};
    if (s.heatmapMode == 1) j["heatmap"] = {{"layout", "op_step"}, {"rank", s.heatmapRank}};
    if (s.heatmapMode == 2) j["heatmap"] = {{"layout", "rank_step"}, {"op", s.heatmapOp.toStdString()}};
    if (s.memoryRank) j["memory_rank"] = *s.memoryRank;
    if (!s.trackFilter.isEmpty()) j["track_filter"] = s.trackFilter.toStdString();
    if (s.comparison) j["comparison"] = comparisonJson(*s.comparison, fileDir);
    if (s.area && s.area->valid()) j["area"] = areaJson(*s.area);
    if (s.commStep) j["comm_step"] = *s.commStep >= 0 ? nlohmann::json(*s.commStep) : nlohmann::json("all");
    if (s.commGroup) j["comm_group"] = s.commGroup->toStdString();
    if (s.drill && s.drill->level > 0) j["drill"] = drillJson(*s.drill);
    if (s.finding >= 0) j["finding"] = s.finding;
    if (s.windowSize.isValid()) j["window_size"] = {s.windowSize.width(), s.windowSize.height()};
    if (!s.dockLayout.isEmpty()) j["dock_layout"] = s.dockLayout.toBase64().toStdString();
    return QString::fromStdString(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) + "\n";
}

std::optional<ViewState> readViewState(const QString& path, QString& error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error = QObject::tr("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    QByteArray bytes = f.read(16 << 20);
    nlohmann::json j;
    if (auto failure = model::parseJson(std::string_view(bytes.constData(), size_t(bytes.size())), j)) {
        error = QObject::tr("%1 is not a saved view: invalid JSON at byte %2").arg(path).arg(failure->byte);
        return std::nullopt;
    }
    if (!j.is_object() || !j.contains("profile") || !j["profile"].is_string()) {
        error = QObject::tr("%1 is not a saved view: it names no profile (key \"profile\")").arg(path);
        return std::nullopt;
    }
    if (j.contains("rankscope_view") &&
        (!j["rankscope_view"].is_number_integer() || j["rankscope_view"].get<int64_t>() > kViewStateFormat)) {
        error = QObject::tr("%1 was saved by a newer Rankscope").arg(path);
        return std::nullopt;
    }
    ViewState s;
    try {
        s.profile = resolvedPath(j["profile"].get<std::string>(), path);
        if (j.contains("run") && !j["run"].is_null()) s.run = j["run"].get<int>();
        if (j.contains("window") && j["window"].is_object())
            s.window =
                std::make_pair(j["window"].at("t0_ns").get<qint64>(), j["window"].at("t1_ns").get<qint64>());
        if (j.contains("selection") && j["selection"].is_object())
            s.selection = selectionFrom(j["selection"]);
        s.ranks = j.value("ranks", std::set<int>{});
        s.collapsed = j.value("collapsed", std::set<int>{});
        s.pinned = j.value("pinned_tracks", std::vector<int64_t>{});
        s.view = QString::fromStdString(j.value("view", std::string("timeline")));
        s.heatmapStatistic = QString::fromStdString(j.value("heatmap_statistic", std::string()));
        if (j.contains("heatmap") && j["heatmap"].is_object()) readHeatmapLayout(j["heatmap"], s);
        if (j.contains("memory_rank") && !j["memory_rank"].is_null())
            s.memoryRank = j["memory_rank"].get<int>();
        s.aligned = j.value("aligned", false);
        s.showWaits = j.value("show_waits", true);
        s.windowFlows = j.value("window_flows", false);
        s.scroll = j.value("scroll", 0);
        s.trackFilter = QString::fromStdString(j.value("track_filter", std::string()));
        if (j.contains("comparison") && j["comparison"].is_object())
            s.comparison = comparisonFrom(j["comparison"], path);
        if (j.contains("area") && j["area"].is_object()) s.area = areaFrom(j["area"]);
        if (j.contains("comm_group") && j["comm_group"].is_string())
            s.commGroup = QString::fromStdString(j["comm_group"].get<std::string>());
        if (j.contains("comm_step"))
            s.commStep = j["comm_step"].is_string() ? qint64(-1) : j["comm_step"].get<qint64>();
        if (j.contains("drill") && j["drill"].is_object()) s.drill = drillFrom(j["drill"]);
        s.finding = j.value("finding", -1);
        if (j.contains("window_size") && j["window_size"].is_array() && j["window_size"].size() == 2)
            s.windowSize = QSize(j["window_size"][0].get<int>(), j["window_size"][1].get<int>());
        s.dockLayout =
            QByteArray::fromBase64(QByteArray::fromStdString(j.value("dock_layout", std::string())));
    } catch (const nlohmann::json::exception& e) {
        error = QObject::tr("%1: a key has the wrong type (%2)").arg(path, QString::fromUtf8(e.what()));
        return std::nullopt;
    }
    if (s.area && !s.area->valid()) {
        error = QObject::tr("%1: the area marks no time or no lane").arg(path);
        return std::nullopt;
    }
    if (s.window && s.window->second <= s.window->first) {
        error = QObject::tr("%1: the window's end is not after its start").arg(path);
        return std::nullopt;
    }
    return s;
}

bool writeViewState(const ViewState& s, const QString& path, QString& error) {
    QSaveFile f(path); // atomic: a crash never leaves half a file
    if (!f.open(QIODevice::WriteOnly)) {
        error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(viewStateToJson(s, QFileInfo(path).absolutePath()).toUtf8());
    if (!f.commit()) {
        error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool viewStateIsOf(const ViewState& s, const QString& dir) {
    if (!QFileInfo::exists(s.profile) || !QFileInfo::exists(dir)) return true;
    return QFileInfo(s.profile).canonicalFilePath() == QFileInfo(dir).canonicalFilePath();
}

std::optional<views::Selection> parseSelection(const QString& text, QString& error) {
    const int colon = text.indexOf(':');
    const QString kind = text.left(colon), rest = colon < 0 ? QString() : text.mid(colon + 1);
    const int at = rest.lastIndexOf('@');
    const QString subject = at < 0 ? rest : rest.left(at);
    views::Selection s;
    bool ok = true;
    if (at >= 0) {
        s.rank = rest.mid(at + 1).toInt(&ok);
        if (!ok || s.rank < 0) {
            error = QObject::tr("--select: the rank after @ must be a number (%1)").arg(text);
            return std::nullopt;
        }
    }
    if (subject.isEmpty()) ok = false;
    if (kind == "op") {
        s.kind = views::Selection::Kind::OpType;
        s.opType = subject;
    } else if (kind == "span") {
        s.kind = views::Selection::Kind::Span;
        s.spanId = subject.toLongLong(&ok);
    } else if (kind == "step") {
        s.kind = views::Selection::Kind::Step;
        s.step = subject.toLongLong(&ok);
        if (s.rank < 0) ok = false;
    } else if (kind == "tensor") {
        s.kind = views::Selection::Kind::Tensor;
        s.tensorId = subject;
        if (s.rank < 0) ok = false;
    } else if (kind == "link" && at < 0) { // link:SRC-DST[/GROUP]
        s.kind = views::Selection::Kind::CommLink;
        const int slash = subject.indexOf('/');
        const QStringList ends = subject.left(slash).split('-');
        s.group = slash < 0 ? QString() : subject.mid(slash + 1);
        bool a = false, b = false;
        if (ends.size() == 2) s.linkSrc = ends[0].toLongLong(&a), s.linkDst = ends[1].toLongLong(&b);
        ok = a && b && s.linkSrc >= 0 && s.linkDst >= 0;
    } else {
        ok = false;
    }
    if (!ok) {
        error = QObject::tr("--select must be op:OP[@RANK], span:ID, step:S@RANK, tensor:ID@RANK or "
                            "link:SRC-DST[/GROUP] (not \"%1\")")
                    .arg(text);
        return std::nullopt;
    }
    return s;
}

QString describeSelection(const views::Selection& s, const std::function<int(int)>& shownRank) {
    const int rank = shownRank && s.rank >= 0 ? shownRank(s.rank) : s.rank;
    const QString onRank = s.rank >= 0 ? QObject::tr(" on rank %1").arg(rank) : QString();
    switch (s.kind) {
    case views::Selection::Kind::OpType:
        return QObject::tr("op %1%2").arg(s.opType, onRank);
    case views::Selection::Kind::Span:
        return QObject::tr("span %1%2").arg(s.spanId).arg(onRank);
    case views::Selection::Kind::Step:
        return QObject::tr("step %1%2").arg(s.step).arg(onRank);
    case views::Selection::Kind::Tensor:
        return QObject::tr("tensor %1%2").arg(s.tensorId, onRank);
    case views::Selection::Kind::CommLink:
        return QObject::tr("link %1 → %2%3%4")
            .arg(s.linkSrc)
            .arg(s.linkDst)
            .arg(s.group.isEmpty() ? QString() : QObject::tr(" of group %1").arg(s.group))
            .arg(s.step >= 0 ? QObject::tr(" in step %1").arg(s.step) : QString());
    case views::Selection::Kind::None:
        break;
    }
    return {};
}

} // namespace rs::gui
