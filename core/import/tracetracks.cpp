#include "core/import/tracetracks.h"

#include "core/import/trackclassifier.h"

namespace rs::import {

std::string TraceNames::threadKey(std::string_view pid, std::string_view tid) {
    std::string k(pid);
    k.push_back('\x1f');
    k.append(tid);
    return k;
}

TraceTrack& TraceTracks::slices(std::string_view pid, std::string_view tid) {
    // A plain slice track's key is its own pid and tid: one of the few last found is the map's answer
    for (TraceTrack* t : m_recent)
        if (t && t->tid == tid && t->pid == pid && !t->counter && !t->annotations) return *t;
    m_key.assign(pid);
    m_key.push_back('\x1f');
    m_key.append(tid);
    auto it = m_tracks.find(m_key);
    TraceTrack& t = it != m_tracks.end() ? it->second : create(m_key, pid, tid, false, {});
    m_recent[m_nextRecent++ % m_recent.size()] = &t; // the map's nodes never move
    return t;
}

TraceTrack* TraceTracks::findTagged(std::string_view pid, std::string_view tag, std::string_view name) {
    m_key.assign(pid);
    m_key.push_back('\x1f');
    m_key.append(tag);
    m_key.append(name);
    auto it = m_tracks.find(m_key);
    return it == m_tracks.end() ? nullptr : &it->second;
}

TraceTrack& TraceTracks::annotations(std::string_view pid, std::string_view tid) {
    if (TraceTrack* t = findTagged(pid, "A:", tid)) return *t;
    TraceTrack& t = create(m_key, pid, tid, false, {});
    t.annotations = true;
    return t;
}

TraceTrack& TraceTracks::counter(std::string_view pid, std::string_view series) {
    if (TraceTrack* t = findTagged(pid, "C:", series)) return *t;
    return create(m_key, pid, {}, true, series);
}

TraceTrack* TraceTracks::findSlices(std::string_view pid, std::string_view tid) {
    m_key.assign(pid);
    m_key.push_back('\x1f');
    m_key.append(tid);
    auto it = m_tracks.find(m_key);
    return it == m_tracks.end() ? nullptr : &it->second;
}

TraceTrack& TraceTracks::create(std::string key, std::string_view pid, std::string_view tid, bool counter,
                                std::string_view series) {
    TraceTrack t;
    t.id = m_nextId.fetch_add(1);
    t.pid = std::string(pid);
    t.tid = std::string(tid);
    t.counter = counter;
    t.counterName = std::string(series);
    t.nester = std::make_unique<model::TrackNester>(t.id);
    return m_tracks.emplace(std::move(key), std::move(t)).first->second;
}

model::TrackRow TraceTracks::row(const TraceTrack& t, FileKind format, int rank, bool fileCut,
                                 bool kineto) const {
    TrackFacts f;
    f.format = format;
    f.kineto = kineto;
    f.pid = t.pid;
    f.tid = t.tid;
    if (auto it = m_names.processNames.find(t.pid); it != m_names.processNames.end()) f.process = it->second;
    if (auto it = m_names.processLabels.find(t.pid); it != m_names.processLabels.end()) f.labels = it->second;
    const std::string tk = TraceNames::threadKey(t.pid, t.tid);
    if (auto it = m_names.threadNames.find(tk); it != m_names.threadNames.end()) f.thread = it->second;
    if (auto it = m_names.processSort.find(t.pid); it != m_names.processSort.end())
        f.processSort = it->second;
    if (auto it = m_names.threadSort.find(tk); it != m_names.threadSort.end()) f.threadSort = it->second;
    f.counter = t.counter;
    f.counterName = t.counterName;
    f.spans = t.nester->count();
    f.kernelSpans = t.kernelSpans;
    f.ncclSpans = t.ncclSpans;
    f.annotations = t.annotations;
    TrackClass c = classifyTrack(f);
    model::TrackRow r;
    r.trackId = t.id;
    r.rank = rank;
    r.kind = c.kind;
    r.name = std::move(c.name);
    // "Thread 7" beside another rank's "Stream 7" read as two lanes of different kinds (walk 19): the
    // name may be in the part not read, and the label is only the file's tid
    if (fileCut && !f.thread && !t.counter && !t.annotations && !t.tid.empty())
        r.name += " (file cut: name unknown)";
    r.process = std::move(c.process);
    r.pid = t.pid;
    r.tid = t.tid;
    r.sortIndex = c.sortIndex;
    r.spanCount = t.nester->count();
    r.maxDepth = t.nester->unsorted() ? -1 : t.nester->maxDepth(); // -1: re-nest after the load
    r.role = c.role;
    r.plane = c.plane;
    return r;
}

void TraceTracks::describe(FileKind format, int rank, model::Batch& b, bool fileCut, bool kineto) {
    for (auto& [k, t] : m_tracks) {
        t.nester->finish(b.lods);
        b.tracks.push_back(row(t, format, rank, fileCut, kineto));
    }
    makeLaneNamesUnique(b.tracks);
}

} // namespace rs::import
