// A fixture `quarry-schema migration` reads (not compiled): declarations @Table refuses.
import Quarry

@Table
class Broken {
  let id: Int
}
