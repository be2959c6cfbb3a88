# aasa-audit in a container: docker build -t aasa-audit . && docker run --rm aasa-audit audit example.com
# The build stage is the official Swift image on Debian 12, so the binary's glibc matches the runtime stage's.
# Scripts/package builds it as the release tarball does (static Swift standard library, stripped); the runtime
# stage installs exactly Scripts/runtime-packages, the list the release test proves sufficient.
ARG SWIFT_VERSION=6.3.1
FROM swift:${SWIFT_VERSION}-bookworm AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libcurl4-openssl-dev libxml2-dev binutils \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN Scripts/package --out /out \
    && mkdir /dist && tar -C /dist --strip-components=1 -xzf /out/aasa-audit-*-linux-*.tar.gz

FROM debian:12-slim
COPY Scripts/runtime-packages /tmp/runtime-packages
RUN apt-get update \
    && grep -v '^#' /tmp/runtime-packages | xargs env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages \
    && useradd --create-home --uid 10001 aasa
COPY --from=build /dist/aasa-audit /usr/local/bin/aasa-audit
COPY --from=build /dist/aasa-audit.1 /usr/local/share/man/man1/aasa-audit.1
USER aasa
WORKDIR /home/aasa
ENTRYPOINT ["aasa-audit"]
CMD ["--help"]
