/// Each row's y offset in a list of rows with these heights: the sum of the heights before it
/// (0 for the first row). A virtualised list jumps to row N by scrolling to its offset.
package func rowOffsets(heights: [Double]) -> [Double] {
    var offsets: [Double] = []
    offsets.reserveCapacity(heights.count)
    var y = 0.0
    for height in heights {
        offsets.append(y)
        y += height
    }
    return offsets
}
