-- The short form of a site that registration and agenda-item documents embed.
select
    id as site_id,
    struct_pack(id := id, address := address, address_key := address_key, ward := ward,
        geocode_method := geocode_method) as card
from int_sites
