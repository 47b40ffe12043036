use geojson::{GeoJson, Geometry};
use identity::Stats;

fn geometry(stats: &mut Stats, what: &str, g: &Geometry) {
    stats.check(what, g);
    stats.check(what, &g.value);
    if let geojson::GeometryValue::GeometryCollection { geometries } = &g.value {
        for inner in geometries {
            geometry(stats, what, inner);
        }
    }
}

fn main() {
    let mut stats = Stats::default();
    let mut files: Vec<_> = std::fs::read_dir(identity::data("geojson"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let what = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let geojson: GeoJson = text.parse().unwrap_or_else(|e| panic!("{what}: {e}"));
        stats.check(&what, &geojson);
        match &geojson {
            GeoJson::FeatureCollection(fc) => {
                stats.check(&what, fc);
                for f in &fc.features {
                    stats.check(&what, f);
                    if let Some(g) = &f.geometry {
                        geometry(&mut stats, &what, g);
                    }
                    if let Some(id) = &f.id {
                        stats.check(&what, id);
                    }
                    if let Some(p) = &f.properties {
                        stats.check(&what, &json_runtime::Serde(p));
                    }
                }
            }
            GeoJson::Feature(f) => {
                stats.check(&what, f);
                if let Some(g) = &f.geometry {
                    geometry(&mut stats, &what, g);
                }
            }
            GeoJson::Geometry(g) => geometry(&mut stats, &what, g),
        }
    }
    stats.report("geojson");
}
