import CLibCrypto
import Foundation

/// SHA-256 of a file, as lowercase hex, computed with OpenSSL's libcrypto while streaming the file.
package func sha256Hex(ofFileAt path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else {
        throw CellHeightError.font("cannot read font file: \(path)")
    }
    defer { try? handle.close() }
    guard let context = EVP_MD_CTX_new() else { throw CellHeightError.font("cannot hash \(path)") }
    defer { EVP_MD_CTX_free(context) }
    EVP_DigestInit_ex(context, EVP_sha256(), nil)
    while true {
        let chunk = handle.readData(ofLength: 1 << 20)
        if chunk.isEmpty { break }
        chunk.withUnsafeBytes { bytes in _ = EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) }
    }
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &digest, &length)
    return digest[0..<Int(length)].map { String(format: "%02x", $0) }.joined()
}
