-- Council terms with their dates and ward model (44 wards until 2018-12-01, then 25).
with terms as (
    select * from (values
        ('2006-2010', date '2006-12-01', date '2010-11-30', 44),
        ('2010-2014', date '2010-12-01', date '2014-11-30', 44),
        ('2014-2018', date '2014-12-01', date '2018-11-30', 44),
        ('2018-2022', date '2018-12-01', date '2022-11-14', 25),
        ('2022-2026', date '2022-11-15', date '2026-11-14', 25),
        ('2026-2030', date '2026-11-15', date '2030-11-14', 25)
    ) as t(term, start_date, end_date, ward_model)
)

select * from terms
