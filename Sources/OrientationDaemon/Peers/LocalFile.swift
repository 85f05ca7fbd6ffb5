import CGio

/// A GFile (transfer full) for `path` from GIO's local file system rather than the default
/// one: asking for the default loads every GIO module that offers a file system (on a desktop
/// with gvfs, `libgvfsdbus.so` and `libgvfscommon.so`, mapped and relocated for nothing: orientd
/// watches only local folders).
func localFile(_ path: String) -> OpaquePointer {
    g_vfs_get_file_for_path(g_vfs_get_local(), path)
}
