-- City wards (25-ward model): ward number from the zero-padded short code, name, label point and GeoJSON geometry.
select
    ward_25(area_short_code) as ward,
    nullif(trim(area_name), '') as ward_name,
    try_cast(latitude as double) as label_latitude,
    try_cast(longitude as double) as label_longitude,
    geometry,
    source_file,
    cast(source_position as bigint) as source_position
from src_geo__wards
