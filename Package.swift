// swift-tools-version:5.9
import PackageDescription
import Foundation

// cellheight: a command-line row-height calculator.
// CellHeightEngine is the layout engine (Fonts -> Shaping -> Breaking -> Layout: text in, lines and
// heights out); CellHeightKit is the rest of a run (Input -> rows' settings -> Geometry -> Checks ->
// Output) on top of it; `cellheight` is a thin executable that parses arguments and words errors.
// Each C library is a system-library target found with pkg-config; ICU stays behind the small
// ICUBridge C target because its headers clash with the ICU module Foundation bundles.
let package = Package(
    name: "cellheight",
    products: [
        .executable(name: "cellheight", targets: ["cellheight"]),
        .library(name: "CellHeightEngine", targets: ["CellHeightEngine"]),
        .library(name: "CellHeightKit", targets: ["CellHeightKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // YAML rules files (`--rules`): libyaml through Yams, the YAML parser Swift packages use.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libxml2's HTML parser, for Android strings holding HTML (Foundation's XMLParser reads XML only).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "ICUBridge", dependencies: ["CICU"]),
        .target(name: "HTMLBridge", dependencies: ["CLibXML2"]),
        // The temporary output file, where code that ends the process at once can remove it.
        .target(name: "ProcessCleanup"),
        // The executable's allocator: glibc's, with one line and exit 71 when memory runs out.
        .target(name: "MemoryGuard", dependencies: ["ProcessCleanup"]),
        // The engine's accesses are checked for exclusivity when compiled, not when run: its hot
        // loops read class properties (records, caches, the prepared text's arrays) per unit,
        // and a run-time check on each was 1.5% of a multilingual run's instructions.
        .target(name: "CellHeightEngine", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "ICUBridge"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),
        .target(
            name: "CellHeightKit",
            dependencies: ["CellHeightEngine", "CFreeType", "CHarfBuzz", "CFontconfig", "ICUBridge", "HTMLBridge",
                           "ProcessCleanup", "CLibCrypto",
                           .product(name: "Yams", package: "Yams")]
        ),
        // In release the executable links the Swift runtime and Foundation statically (compiled and
        // linked with -static-stdlib: what `--static-swift-stdlib` does, for this target only), so
        // that one release build serves the binary and the tests (whose Testing module exists only
        // for a dynamic runtime): about 5 ms less to start, and the package depends on C libraries
        // only. (A debug build links them dynamically: its static link misses Foundation's own libraries.)
        .executableTarget(
            name: "cellheight",
            dependencies: [
                "CellHeightEngine",
                "CellHeightKit",
                "MemoryGuard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        // The tests themselves are not optimized in release (`make test` builds them there, on the
        // optimized library): optimizing them would cost more to build than it saves to run.
        // The engine's tests need the engine alone; the kit's test the rest (the binary end to end
        // in `CLI/`). What both use (the test fonts, engines on them) is in CellHeightTestSupport.
        .target(name: "CellHeightTestSupport", dependencies: ["CellHeightEngine"], path: "Tests/CellHeightTestSupport",
                swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]),
        .testTarget(name: "CellHeightEngineTests", dependencies: ["CellHeightEngine", "CellHeightTestSupport"],
                    swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]),
        .testTarget(name: "CellHeightKitTests", dependencies: ["CellHeightEngine", "CellHeightKit", "CellHeightTestSupport"],
                    swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]),
    ]
)

// The libFuzzer target exists only when CELLHEIGHT_FUZZ=1 (`make fuzz`): it has no `main` of its
// own (libFuzzer supplies it), so a plain `swift build` could not link it.
if ProcessInfo.processInfo.environment["CELLHEIGHT_FUZZ"] == "1" {
    package.products.append(.executable(name: "CellHeightFuzz", targets: ["CellHeightFuzz"]))
    package.targets.append(.executableTarget(
        name: "CellHeightFuzz", dependencies: ["CellHeightEngine", "CellHeightKit"],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
