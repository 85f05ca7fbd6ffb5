import CGtk
import Glibc

/// An app's icon file, read as untrusted input on the icon worker's thread: only a regular
/// file (never a FIFO, a device or a folder, opened without blocking), at most `maxBytes`,
/// whose declared width and height are at most `maxSide` — checked from its header before
/// anything is decoded — decoded at most `loadedSide` pixels a side. A desktop entry's
/// `Icon=/dev/zero`, a FIFO or a PNG declaring 20000 × 20000 pixels gives the generic icon.
enum IconFile {
    static let maxBytes = 1 << 20
    static let maxSide: Int32 = 4096
    /// Twice the 32 pixels shown, for a scaled screen.
    static let loadedSide: Int32 = 64

    /// The file's bytes, or nil when it is not a regular file of at most `maxBytes`.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count <= maxBytes {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, maxBytes + 1 - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        guard count > 0, count <= maxBytes else { return nil }
        return Array(bytes[..<count])
    }

    /// The decoded image (a new reference), or nil: not an image, declared too large, broken.
    static func decode(_ bytes: [UInt8]) -> OpaquePointer? {
        guard let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let verdict = Verdict()
        let box = Unmanaged.passRetained(verdict).toOpaque()
        typealias Prepared = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void
        let prepared: Prepared = { loader, width, height, data in
            let verdict = Unmanaged<Verdict>.fromOpaque(data!).takeUnretainedValue()
            guard width > 0, height > 0, width <= IconFile.maxSide, height <= IconFile.maxSide else {
                verdict.refused = true
                return
            }
            let scale = min(1, Double(IconFile.loadedSide) / Double(max(width, height)))
            gdk_pixbuf_loader_set_size(loader, max(1, Int32(Double(width) * scale)), max(1, Int32(Double(height) * scale)))
        }
        _ = cgtk_signal_connect(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(prepared, to: GCallback.self), box,
                                { data, _ in Unmanaged<Verdict>.fromOpaque(data!).release() })
        // In small pieces: the header (and the verdict on its size) comes before the pixels.
        var written = 0, failed = false
        while written < bytes.count, !verdict.refused, !failed {
            let piece = min(4096, bytes.count - written)
            failed = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress! + written, gsize(piece), nil) } == 0
            written += piece
        }
        var error: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &error) != 0
        g_clear_error(&error)
        guard closed, !failed, !verdict.refused, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    /// Whether the header declared a size that is refused.
    private final class Verdict { var refused = false }
}

/// Loads icon files for the app's rows, one at a time on a thread of their own.
final class IconLoader {
    private let worker = Worker(name: "settings-icons")

    /// Shows the file at `path` in `image` once it is read and decoded (the generic icon
    /// stays when it cannot be); `image` is kept alive meanwhile.
    func load(_ path: String, into image: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(image))
        worker.run({ IconFile.read(path).flatMap(IconFile.decode).map(UInt.init(bitPattern:)) }) { address in
            if let address, let pixbuf = OpaquePointer(bitPattern: address) {
                gtk_image_set_from_pixbuf(image, pixbuf)
                g_object_unref(UnsafeMutableRawPointer(pixbuf))
            }
            g_object_unref(UnsafeMutableRawPointer(image))
        }
    }
}
