# moyo — the two commands a new machine needs:
#   make run    install what the app needs (Debian packages, once), build it and start it
#   make test   format check, vet, and every test (race detector on the packages that run work in the background: RACE_PKGS)

GO      ?= go
BIN     := bin/moyo
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages Fyne's OpenGL driver builds against.
GUI_DEPS  := gcc pkg-config libgl1-mesa-dev xorg-dev libxkbcommon-dev
# What the tests need on top: GNU Go to compare the gnugo estimator with,
# libzip4 for the KataGo in ../shared/engines/katago to run, and a virtual
# X server with tools to drive and capture the real app.
TEST_DEPS := $(GUI_DEPS) gnugo libzip4 xvfb xauth xdotool imagemagick

# apt-install installs the Debian packages in $(1) that are missing, so a
# second run does not touch apt.
define apt-install
	@missing=""; for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: run build deps test-deps test fmt-check vet bench fuzz readme-image screenshot package install uninstall clean

run: deps build
	./$(BIN)

build:
	$(GO) build -o $(BIN) .

deps:
	$(call apt-install,$(GUI_DEPS))

test-deps:
	$(call apt-install,$(TEST_DEPS))

# The packages whose tests run under the race detector: those that start
# goroutines or drive engines' processes, and the rules under them. semeai
# and ui are left out: under -race semeai's solver tests run past 10
# minutes, and ui's build compiles Fyne's C code a second time. The race
# detector slows what it watches several times over, hence the timeout.
# The rest have one too: semeai's tests take six to eight minutes on two
# cores shared with the other packages, near go test's default of ten.
RACE_PKGS := ./board/... ./estimators/... ./randfield/... ./rank/... ./gtp/... \
	./gamescore/... ./workspace/... ./engines/... ./eval/... ./reference/... ./ownership/... \
	./internal/parallel/...

test: test-deps fmt-check vet
	$(GO) test -race -timeout 30m $(RACE_PKGS)
	MOYO_E2E=1 $(GO) test -timeout 30m $$($(GO) list ./... | grep -vxF "$$($(GO) list $(RACE_PKGS))")

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "not gofmt-formatted:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./board/ ./estimators/ ./estimators/catalog/ ./randfield/ ./render/ ./rank/ ./ui/ ./cgt/ ./semeai/ ./scoredist/ ./movemodel/ ./gamescore/ ./count/

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime 60s ./sgf/
	$(GO) test -run '^$$' -fuzz FuzzLoad -fuzztime 60s ./game/

# The picture at the top of the README.
readme-image: build
	./$(BIN) analyze --move 150 --format png --legend --out docs/symmetric-master60-150.png testdata/records/60-2017.01.04-Master-Gu_Li.sgf

# Pictures of the real app, drawn under a virtual X server, in a
# 1400×900 window and in a small laptop's 1024×640.
screenshot: build
	xvfb-run -a -s "-screen 0 1920x1080x24" ./$(BIN) --screenshot docs/app.png --size 1400x900
	xvfb-run -a -s "-screen 0 1920x1080x24" ./$(BIN) --screenshot docs/app-1024.png --size 1024x640
	xvfb-run -a -s "-screen 0 1920x1080x24" ./$(BIN) --count --screenshot docs/count.png --size 1400x900 testdata/records/60-2017.01.04-Master-Gu_Li.sgf

# The Linux bundle (dist/moyo.tar.xz: the program, its icon and a
# .desktop entry), built by Fyne's packaging tool pinned in go.mod as a
# tool, from FyneApp.toml's name, id, version and icon. The tool rewrites
# FyneApp.toml to count builds (dropping its comments): the file is put
# back as it was, so packaging leaves the checkout clean.
package: deps
	mkdir -p dist
	cp FyneApp.toml dist/FyneApp.toml.orig
	$(GO) tool fyne package --os linux --release; status=$$?; \
		mv dist/FyneApp.toml.orig FyneApp.toml; exit $$status
	mv moyo.tar.xz dist/

# moyo in the user's applications menu (~/.local/bin, ~/.local/share),
# from the bundle; `make uninstall` takes it out again.
install: package
	rm -rf dist/bundle && mkdir -p dist/bundle
	tar -xJf dist/moyo.tar.xz -C dist/bundle
	$(MAKE) -C dist/bundle user-install

uninstall:
	@test -f dist/bundle/Makefile || { rm -rf dist/bundle && mkdir -p dist/bundle && tar -xJf dist/moyo.tar.xz -C dist/bundle; }
	$(MAKE) -C dist/bundle user-uninstall

clean:
	rm -rf bin dist
