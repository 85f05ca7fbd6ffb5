import CGio
import OrientationCore

/// The time the core is given: GLib's monotonic clock for the settle time, the wall clock for history.
func currentMoment() -> Moment {
    Moment(monotonic: Int64(g_get_monotonic_time()), wall: Int64(g_get_real_time()))
}
