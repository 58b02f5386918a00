extension CellTemplate {
    /// Checks that every label's field is a field of at least one row: a field no row has is most
    /// likely a typo (in the template or in the input's keys or CSV header). A field only some rows
    /// lack is fine: those rows' labels are empty. With no rows there is nothing to check.
    ///
    /// - Parameter templateFile: the template's name for the message.
    /// - Throws: `CellHeightError.invalidConfig` at `$.labels[i].field`, listing the fields the rows have.
    package func checkFields(of rows: [Row], templateFile: String) throws {
        guard !rows.isEmpty else { return }
        let known = rows.reduce(into: Set<String>()) { $0.formUnion($1.fieldNames) }
        guard let index = labels.firstIndex(where: { !known.contains($0.field) }) else { return }
        let shown = known.sorted()
        let list = shown.prefix(20).joined(separator: ", ") + (shown.count > 20 ? ", …" : "")
        throw CellHeightError.invalidConfig(
            file: templateFile, jsonPath: TemplatePath.label(index, "field"),
            reason: "no input row has a field \"\(labels[index].field)\" (the rows have: \(list))")
    }
}
