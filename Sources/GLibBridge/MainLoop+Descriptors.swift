import CGio

extension MainLoop {
    /// Runs `body` once on the loop's thread when the file descriptor reports an error or a
    /// hang-up, or is not open (g_unix_fd_source_new with G_IO_ERR | G_IO_HUP | G_IO_NVAL):
    /// for the write end of a pipe, when its reader has gone (`orientctl monitor | head -1`),
    /// even if nothing is written. (Without G_IO_NVAL a closed descriptor would wake the loop
    /// at once, forever.)
    @discardableResult
    public func addHangUpWatch(descriptor: Int32, _ body: @escaping () -> Void) -> SourceHandle {
        typealias Box = CallbackBox<() -> Void>
        let source = g_unix_fd_source_new(descriptor, GIOCondition(rawValue: G_IO_ERR.rawValue | G_IO_HUP.rawValue | G_IO_NVAL.rawValue))!
        let callback: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, userData in
            Box.borrow(userData).value()
            return 0
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), Box(body).retainedPointer(),
                              { Box.release($0) })
        g_source_attach(source, context.raw)
        return SourceHandle(source)
    }
}
