import Foundation
import TestSupport
import XCTest

/// A frame captured from an X server with `xwd` (X Window Dump, format 7): what a panel
/// shows, pixel by pixel.
struct FrameCapture {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let dataOffset: Int
    private let bytesPerLine: Int
    private let bytesPerPixel: Int
    private let littleEndian: Bool
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func card32(_ index: Int) -> UInt32 {  // the header is big-endian
            let offset = index * 4
            return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
        guard bytes.count >= 100, card32(1) == 7 else { throw TestSupportError("not an XWD file (\(bytes.count) bytes)") }
        let headerSize = Int(card32(0))
        let bitsPerPixel = Int(card32(11))
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else { throw TestSupportError("XWD with \(bitsPerPixel) bits per pixel") }
        width = Int(card32(4))
        height = Int(card32(5))
        littleEndian = card32(7) == 0  // byte_order: 0 LSBFirst
        bytesPerLine = Int(card32(12))
        bytesPerPixel = bitsPerPixel / 8
        masks = (card32(14), card32(15), card32(16))
        let colours = Int(card32(19))
        dataOffset = headerSize + colours * 12
        guard bytes.count >= dataOffset + bytesPerLine * height else { throw TestSupportError("XWD image data is short") }
        self.bytes = bytes
    }

    /// The pixel's red, green and blue (0...255).
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let offset = dataOffset + y * bytesPerLine + x * bytesPerPixel
        var value: UInt32 = 0
        for index in 0..<bytesPerPixel {
            let byte = UInt32(bytes[offset + index])
            value |= littleEndian ? byte << (8 * index) : byte << (8 * (bytesPerPixel - 1 - index))
        }
        func channel(_ mask: UInt32) -> UInt8 {
            guard mask != 0 else { return 0 }
            return UInt8(truncatingIfNeeded: (value & mask) >> mask.trailingZeroBitCount)
        }
        return (channel(masks.red), channel(masks.green), channel(masks.blue))
    }

    func isRed(_ x: Int, _ y: Int) -> Bool {
        let (r, g, b) = rgb(x, y)
        return r > 200 && g < 80 && b < 80
    }

    enum Edge: String, CaseIterable { case top, bottom, left, right }

    /// The share of red pixels in a strip `depth` pixels deep along `edge` (sampled).
    func redShare(along edge: Edge, depth: Int = 30) -> Double {
        var red = 0, total = 0
        let step = 7
        switch edge {
        case .top, .bottom:
            for x in stride(from: 0, to: width, by: step) {
                for d in stride(from: 2, to: depth, by: step) {
                    total += 1
                    if isRed(x, edge == .top ? d : height - 1 - d) { red += 1 }
                }
            }
        case .left, .right:
            for y in stride(from: 0, to: height, by: step) {
                for d in stride(from: 2, to: depth, by: step) {
                    total += 1
                    if isRed(edge == .left ? d : width - 1 - d, y) { red += 1 }
                }
            }
        }
        return Double(red) / Double(max(total, 1))
    }

    /// The one edge the red band lies along (almost all red there, almost none along the
    /// others); nil when no edge or several are.
    var markedEdge: Edge? {
        let shares = Edge.allCases.map { ($0, redShare(along: $0)) }
        let marked = shares.filter { $0.1 > 0.9 }
        guard marked.count == 1 else { return nil }
        // A band along the left edge also touches the top and bottom edges at their ends only.
        return marked[0].0
    }

    var summary: String {
        Edge.allCases.map { "\($0.rawValue) \(Int(redShare(along: $0) * 100))% red" }.joined(separator: ", ")
    }
}

extension OutputTestCase {
    /// The X server's whole screen, captured with xwd.
    func captureFrame(display: String) throws -> FrameCapture {
        let path = scratch + "/frame.xwd"
        let result = try runCommand(["xwd", "-root", "-silent", "-out", path],
                                    environment: childEnvironment.merging(["DISPLAY": display]) { $1 })
        guard result.succeeded else { throw TestSupportError("xwd failed: \(result)") }
        return try FrameCapture(xwd: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Waits until the captured frame's red band lies along `edge`; on timeout, the failure
    /// says where the red was.
    func waitForMarkedEdge(_ edge: FrameCapture.Edge, display: String, file: StaticString = #filePath, line: UInt = #line) throws {
        var last = "no frame"
        try eventually("the marked top along the panel's \(edge.rawValue) edge (last frame: \(last))",
                       timeout: deadline, file: file, line: line) {
            let frame = try captureFrame(display: display)
            last = frame.summary
            return frame.markedEdge == edge
        }
    }
}
